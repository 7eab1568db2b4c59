// The side menu and the routes come from this one list; each page is a lazily loaded chunk.
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
import { FINANCE_PAGES } from '../../../shared/finance-kinds';
import type { MessageKey } from './i18n';

export interface MenuPage {
  path: string;
  label: MessageKey;
  /** the page, a lazily loaded chunk */
  page: LazyExoticComponent<ComponentType>;
  adminOnly?: boolean;
}

export interface MenuGroup {
  key: string;
  label: MessageKey;
  icon: ReactNode;
  adminOnly?: boolean;
  items: MenuPage[];
}

type Load = () => Promise<{ default: ComponentType }>;
// one lazy component per loader, so routes sharing a page (the finance kinds) share one component
const lazies = new Map<Load, LazyExoticComponent<ComponentType>>();
/** A built page: a lazily loaded chunk. */
function page(path: string, label: MessageKey, load: Load): MenuPage {
  if (!lazies.has(load)) lazies.set(load, lazy(load));
  return { path, label, page: lazies.get(load)! };
}
// one generic page for every finance kind: it reads its kind from the path
const loadFinance = () => import('./pages/finance/FinancePage');

export const HOME: MenuPage & { icon: ReactNode } = { ...page('/', 'menu.home', () => import('./pages/dashboard/DashboardPage')), icon: <HomeOutlined /> };

/** Every user's own page (password change), opened from the user menu in the header. */
export const ACCOUNT_PATH = '/account';
export const ACCOUNT: MenuPage = page(ACCOUNT_PATH, 'account.title', () => import('./pages/auth/AccountPage'));

export const MENU: MenuGroup[] = [
  // first, so a phone at the gate finds it at the top of the menu
  {
    key: 'gate',
    label: 'menu.gate',
    icon: <CarOutlined />,
    items: [page('/gate', 'menu.gate', () => import('./pages/warehouse/GatePage'))],
  },
  {
    key: 'contracts',
    label: 'menu.contracts',
    icon: <FileTextOutlined />,
    items: [
      page('/contracts', 'menu.businessContracts', () => import('./pages/contracts/ContractsPage')),
      page('/contracts/archive', 'menu.contractArchive', () => import('./pages/archive/ArchivePage')),
      page('/corp-contracts', 'menu.corpContracts', () => import('./pages/corp-contracts/CorpContractsPage')),
    ],
  },
  {
    key: 'company',
    label: 'menu.companyFiles',
    icon: <FolderOpenOutlined />,
    items: [page('/company-files', 'menu.companyFiles', () => import('./pages/company/CompanyFilesPage'))],
  },
  {
    key: 'warehouse',
    label: 'menu.warehouse',
    icon: <ShopOutlined />,
    items: [
      page('/warehouse/pickup-requests', 'menu.pickupRequests', () => import('./pages/warehouse/PickupRequestsPage')),
      page('/warehouse/outbound-orders', 'menu.outboundOrders', () => import('./pages/warehouse/OutboundOrdersPage')),
      page('/warehouse/warehouses', 'menu.warehouses', () => import('./pages/warehouse/WarehousesPage')),
      page('/warehouse/inbound-orders', 'menu.inboundOrders', () => import('./pages/warehouse/InboundOrdersPage')),
      page('/warehouse/stock-summary', 'menu.stockSummary', () => import('./pages/warehouse/StockSummaryPage')),
      page('/warehouse/stock-ledger', 'menu.stockLedger', () => import('./pages/warehouse/StockLedgerPage')),
      page('/warehouse/ownership-transfers', 'menu.ownershipTransfers', () => import('./pages/warehouse/OwnershipTransfersPage')),
      page('/warehouse/lots', 'menu.lots', () => import('./pages/reports/LotsPage')),
      page('/warehouse/bl-trace', 'menu.blTrace', () => import('./pages/reports/BlTracePage')),
    ],
  },
  {
    key: 'master-data',
    label: 'menu.masterData',
    icon: <DatabaseOutlined />,
    items: [
      page('/master-data/commodities', 'menu.commodities', () => import('./pages/master-data/CommoditiesPage')),
      page('/master-data/parties', 'menu.parties', () => import('./pages/master-data/PartiesPage')),
    ],
  },
  {
    key: 'reports',
    label: 'menu.reports',
    icon: <BarChartOutlined />,
    items: [
      page('/reports/stock-movement', 'menu.stockMovement', () => import('./pages/reports/StockMovementPage')),
      page('/reports/contract-execution', 'menu.contractExecution', () => import('./pages/reports/ContractExecutionPage')),
    ],
  },
  {
    key: 'finance',
    label: 'menu.finance',
    icon: <WalletOutlined />,
    items: [
      ...FINANCE_PAGES.map((p) => page(p.path, `menu.${p.key}` as MessageKey, loadFinance)),
      page('/finance/contract-summary', 'finance.contractSummary', () => import('./pages/finance/ContractSummaryPage')),
    ],
  },
  {
    key: 'admin',
    label: 'menu.admin',
    icon: <SettingOutlined />,
    adminOnly: true,
    items: [
      { ...page('/admin/users', 'menu.users', () => import('./pages/users/UsersPage')), adminOnly: true },
      { ...page('/admin/audit', 'menu.audit', () => import('./pages/audit/AuditPage')), adminOnly: true },
      { ...page('/admin/backups', 'menu.backups', () => import('./pages/backups/BackupsPage')), adminOnly: true },
      { ...page('/admin/settings', 'menu.settings', () => import('./pages/settings/SettingsPage')), adminOnly: true },
    ],
  },
];
