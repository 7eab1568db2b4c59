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

type Load = () => Promise<{ default: ComponentType }>;
// one lazy component per loader, so routes sharing a page (the finance kinds) share one component
const lazies = new Map<Load, LazyExoticComponent<ComponentType>>();
const loaders = new Map<string, Load>();
/** A built page: a lazily loaded chunk. */
function page(path: string, label: MessageKey, access: PageAccess, load: Load): MenuPage {
  if (!lazies.has(load)) lazies.set(load, lazy(load));
  loaders.set(path, load);
  return { path, label, access, page: lazies.get(load)! };
}
// one generic page for every finance kind: it reads its kind from the path
/** A finance page's area: profit when every kind it shows is profit's (cost breakdowns, profit records), else finance. */
const financeArea = (kinds: readonly string[]): PageAccess => (FINANCE_KINDS.filter((k) => kinds.includes(k.key)).every((k) => k.area === 'profit') ? 'profit' : 'finance');
const loadFinance = () => import('./pages/finance/FinancePage');

export const HOME: MenuPage & { icon: ReactNode } = { ...page('/', 'menu.home', 'user', () => import('./pages/dashboard/DashboardPage')), icon: <HomeOutlined /> };

/** Every user's own page (password change), opened from the user menu in the header. */
export const ACCOUNT_PATH = '/account';
export const ACCOUNT: MenuPage = page(ACCOUNT_PATH, 'account.title', 'user', () => import('./pages/auth/AccountPage'));

export const MENU: MenuGroup[] = [
  // first, so a phone at the gate finds it at the top of the menu
  {
    key: 'gate',
    label: 'menu.gate',
    icon: <CarOutlined />,
    items: [page('/gate', 'menu.gate', 'pickup', () => import('./pages/warehouse/GatePage'))],
  },
  {
    key: 'contracts',
    label: 'menu.contracts',
    icon: <FileTextOutlined />,
    items: [
      page('/contracts', 'menu.businessContracts', 'contracts', () => import('./pages/contracts/ContractsPage')),
      page('/contracts/archive', 'menu.contractArchive', 'contracts', () => import('./pages/archive/ArchivePage')),
      page('/corp-contracts', 'menu.corpContracts', 'corpContracts', () => import('./pages/corp-contracts/CorpContractsPage')),
    ],
  },
  {
    key: 'company',
    label: 'menu.companyFiles',
    icon: <FolderOpenOutlined />,
    items: [page('/company-files', 'menu.companyFiles', 'companyFiles', () => import('./pages/company/CompanyFilesPage'))],
  },
  {
    key: 'warehouse',
    label: 'menu.warehouse',
    icon: <ShopOutlined />,
    items: [
      page('/warehouse/pickup-requests', 'menu.pickupRequests', 'pickup', () => import('./pages/warehouse/PickupRequestsPage')),
      page('/warehouse/outbound-orders', 'menu.outboundOrders', 'warehouse', () => import('./pages/warehouse/OutboundOrdersPage')),
      page('/warehouse/warehouses', 'menu.warehouses', 'warehouse', () => import('./pages/warehouse/WarehousesPage')),
      page('/warehouse/inbound-orders', 'menu.inboundOrders', 'warehouse', () => import('./pages/warehouse/InboundOrdersPage')),
      page('/warehouse/stock-summary', 'menu.stockSummary', 'stock', () => import('./pages/warehouse/StockSummaryPage')),
      page('/warehouse/stock-ledger', 'menu.stockLedger', 'stock', () => import('./pages/warehouse/StockLedgerPage')),
      page('/warehouse/ownership-transfers', 'menu.ownershipTransfers', 'warehouse', () => import('./pages/warehouse/OwnershipTransfersPage')),
      page('/warehouse/lots', 'menu.lots', 'stock', () => import('./pages/reports/LotsPage')),
      page('/warehouse/bl-trace', 'menu.blTrace', 'stock', () => import('./pages/reports/BlTracePage')),
    ],
  },
  {
    key: 'master-data',
    label: 'menu.masterData',
    icon: <DatabaseOutlined />,
    items: [
      page('/master-data/commodities', 'menu.commodities', 'catalogs', () => import('./pages/master-data/CommoditiesPage')),
      page('/master-data/parties', 'menu.parties', 'catalogs', () => import('./pages/master-data/PartiesPage')),
    ],
  },
  {
    key: 'reports',
    label: 'menu.reports',
    icon: <BarChartOutlined />,
    items: [
      page('/reports/stock-movement', 'menu.stockMovement', 'stock', () => import('./pages/reports/StockMovementPage')),
      page('/reports/contract-execution', 'menu.contractExecution', 'stock', () => import('./pages/reports/ContractExecutionPage')),
      page('/reports/position', 'menu.position', 'stock', () => import('./pages/reports/PositionPage')),
      page('/reports/weights', 'menu.weights', 'stock', () => import('./pages/reports/WeightsPage')),
      page('/reports/pnl', 'menu.pnl', 'profit', () => import('./pages/trading/PnlPage')),
      page('/reports/missing-documents', 'menu.missingDocuments', 'contracts', () => import('./pages/trading/MissingDocumentsPage')),
    ],
  },
  {
    key: 'finance',
    label: 'menu.finance',
    icon: <WalletOutlined />,
    items: [
      ...FINANCE_PAGES.map((p) => page(p.path, `menu.${p.key}` as MessageKey, financeArea(p.kinds), loadFinance)),
      page('/finance/contract-summary', 'finance.contractSummary', 'finance', () => import('./pages/finance/ContractSummaryPage')),
    ],
  },
  {
    key: 'admin',
    label: 'menu.admin',
    icon: <SettingOutlined />,
    items: [
      page('/admin/users', 'menu.users', 'admin', () => import('./pages/users/UsersPage')),
      page('/admin/audit', 'menu.audit', 'audit', () => import('./pages/audit/AuditPage')),
      page('/admin/backups', 'menu.backups', 'admin', () => import('./pages/backups/BackupsPage')),
      page('/admin/settings', 'menu.settings', 'admin', () => import('./pages/settings/SettingsPage')),
      page('/admin/exchange-rates', 'menu.exchangeRates', 'admin', () => import('./pages/trading/ExchangeRatesPage')),
    ],
  },
];

/** Starts loading the chunk of the page at `path`, so it arrives while the user is checked and the shell renders. */
export const preloadPage = (path: string): void =>
  void loaders
    .get(path)?.()
    .catch(() => undefined);

/** The menu of a user: the pages it may open, groups left with none dropped. */
export const menuOf = (user: Me | null): MenuGroup[] => MENU.map((g) => ({ ...g, items: g.items.filter((i) => mayOpen(user, i.access)) })).filter((g) => g.items.length > 0);
