// The side menu and the routes come from this one list; each page is a lazily loaded chunk and
// declares who may open it (its area, read by the menu, the route and the list kit: kit/access.tsx).
import {
  BarChartOutlined,
  CarOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  SettingOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { FINANCE_KINDS, FINANCE_PAGES } from '../../../shared/finance-kinds';
import type { MessageKey } from './i18n';
import { mayOpen, type PageAccess } from './kit/access';
import type { Me } from '../../../shared/users';
import { loadFinance, pageLoad, type Load } from './pages';

export interface MenuPage {
  path: string;
  label: MessageKey;
  /** the page, a lazily loaded chunk */
  page: LazyExoticComponent<ComponentType>;
  /** who may open it: readers of its area (whose write level its lists need to change), admins, any user */
  access: PageAccess;
}

export interface MenuGroup {
  key: string;
  label: MessageKey;
  icon: ReactNode;
  items: MenuPage[];
}

// one lazy component per loader, so routes sharing a page (the finance kinds) share one component
const lazies = new Map<Load, LazyExoticComponent<ComponentType>>();
/** A built page: a lazily loaded chunk (its loader from pages.ts). */
function page(path: string, label: MessageKey, access: PageAccess, load: Load = pageLoad(path)): MenuPage {
  if (!lazies.has(load)) lazies.set(load, lazy(load));
  return { path, label, access, page: lazies.get(load)! };
}
// one generic page for every finance kind: it reads its kind from the path
/** A finance page's area: profit when every kind it shows is profit's (cost breakdowns, profit records), else finance. */
const financeArea = (kinds: readonly string[]): PageAccess => (FINANCE_KINDS.filter((k) => kinds.includes(k.key)).every((k) => k.area === 'profit') ? 'profit' : 'finance');

export const HOME: MenuPage & { icon: ReactNode } = { ...page('/', 'menu.home', 'user'), icon: <HomeOutlined /> };

/** Every user's own page (password change), opened from the user menu in the header. */
export const ACCOUNT_PATH = '/account';
export const ACCOUNT: MenuPage = page(ACCOUNT_PATH, 'account.title', 'user');

export const MENU: MenuGroup[] = [
  // first, so a phone at the gate finds it at the top of the menu
  {
    key: 'gate',
    label: 'menu.gate',
    icon: <CarOutlined />,
    items: [page('/gate', 'menu.gate', 'pickup')],
  },
  {
    key: 'contracts',
    label: 'menu.contracts',
    icon: <FileTextOutlined />,
    items: [
      page('/contracts', 'menu.businessContracts', 'contracts'),
      page('/contracts/archive', 'menu.contractArchive', 'contracts'),
      page('/corp-contracts', 'menu.corpContracts', 'corpContracts'),
    ],
  },
  {
    key: 'company',
    label: 'menu.companyFiles',
    icon: <FolderOpenOutlined />,
    items: [page('/company-files', 'menu.companyFiles', 'companyFiles')],
  },
  {
    key: 'warehouse',
    label: 'menu.warehouse',
    icon: <ShopOutlined />,
    items: [
      page('/warehouse/pickup-requests', 'menu.pickupRequests', 'pickup'),
      page('/warehouse/outbound-orders', 'menu.outboundOrders', 'warehouse'),
      page('/warehouse/warehouses', 'menu.warehouses', 'warehouse'),
      page('/warehouse/inbound-orders', 'menu.inboundOrders', 'warehouse'),
      page('/warehouse/stock-summary', 'menu.stockSummary', 'stock'),
      page('/warehouse/stock-ledger', 'menu.stockLedger', 'stock'),
      page('/warehouse/ownership-transfers', 'menu.ownershipTransfers', 'warehouse'),
      page('/warehouse/lots', 'menu.lots', 'stock'),
      page('/warehouse/bl-trace', 'menu.blTrace', 'stock'),
    ],
  },
  {
    key: 'master-data',
    label: 'menu.masterData',
    icon: <DatabaseOutlined />,
    items: [page('/master-data/commodities', 'menu.commodities', 'catalogs'), page('/master-data/parties', 'menu.parties', 'catalogs')],
  },
  {
    key: 'reports',
    label: 'menu.reports',
    icon: <BarChartOutlined />,
    items: [
      page('/reports/stock-movement', 'menu.stockMovement', 'stock'),
      page('/reports/contract-execution', 'menu.contractExecution', 'stock'),
      page('/reports/position', 'menu.position', 'stock'),
      page('/reports/weights', 'menu.weights', 'stock'),
      page('/reports/pnl', 'menu.pnl', 'profit'),
      page('/reports/missing-documents', 'menu.missingDocuments', 'contracts'),
    ],
  },
  {
    key: 'finance',
    label: 'menu.finance',
    icon: <WalletOutlined />,
    items: [
      ...FINANCE_PAGES.map((p) => page(p.path, `menu.${p.key}` as MessageKey, financeArea(p.kinds), loadFinance)),
      page('/finance/contract-summary', 'finance.contractSummary', 'finance'),
    ],
  },
  {
    key: 'admin',
    label: 'menu.admin',
    icon: <SettingOutlined />,
    items: [
      page('/admin/users', 'menu.users', 'admin'),
      page('/admin/audit', 'menu.audit', 'audit'),
      page('/admin/backups', 'menu.backups', 'admin'),
      page('/admin/settings', 'menu.settings', 'admin'),
      page('/admin/exchange-rates', 'menu.exchangeRates', 'admin'),
    ],
  },
];

/** The menu of a user: the pages it may open, groups left with none dropped. */
export const menuOf = (user: Me | null): MenuGroup[] => MENU.map((g) => ({ ...g, items: g.items.filter((i) => mayOpen(user, i.access)) })).filter((g) => g.items.length > 0);
