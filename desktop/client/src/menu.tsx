// The side menu and the routes come from this one list. Areas not built yet route to a page that
// says so; each built area is a lazily loaded chunk.
import {
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  SettingOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { MessageKey } from './i18n';

export interface MenuPage {
  path: string;
  label: MessageKey;
  /** null: the area is not built yet */
  page: LazyExoticComponent<ComponentType> | null;
  adminOnly?: boolean;
}

export interface MenuGroup {
  key: string;
  label: MessageKey;
  icon: ReactNode;
  adminOnly?: boolean;
  items: MenuPage[];
}

const UsersPage = lazy(() => import('./pages/users/UsersPage'));
const AuditPage = lazy(() => import('./pages/audit/AuditPage'));
// one generic page for every finance kind: it reads its kind from the path
const FinancePage = lazy(() => import('./pages/finance/FinancePage'));
const ContractSummaryPage = lazy(() => import('./pages/finance/ContractSummaryPage'));
const CorpContractsPage = lazy(() => import('./pages/corp-contracts/CorpContractsPage'));
const CompanyFilesPage = lazy(() => import('./pages/company/CompanyFilesPage'));
const ContractsPage = lazy(() => import('./pages/contracts/ContractsPage'));
const ArchivePage = lazy(() => import('./pages/archive/ArchivePage'));
const page = (path: string, label: MessageKey, load: () => Promise<{ default: ComponentType }>): MenuPage => ({ path, label, page: lazy(load) });
const BackupsPage = lazy(() => import('./pages/backups/BackupsPage'));

const coming = (path: string, label: MessageKey): MenuPage => ({ path, label, page: null });

export const HOME: MenuPage & { icon: ReactNode } = { path: '/', label: 'menu.home', page: lazy(() => import('./pages/dashboard/DashboardPage')), icon: <HomeOutlined /> };

export const MENU: MenuGroup[] = [
  {
    key: 'contracts',
    label: 'menu.contracts',
    icon: <FileTextOutlined />,
    items: [
      { path: '/contracts', label: 'menu.businessContracts', page: ContractsPage },
      { path: '/contracts/archive', label: 'menu.contractArchive', page: ArchivePage },
      { path: '/corp-contracts', label: 'menu.corpContracts', page: CorpContractsPage },
    ],
  },
  { key: 'company', label: 'menu.companyFiles', icon: <FolderOpenOutlined />, items: [{ path: '/company-files', label: 'menu.companyFiles', page: CompanyFilesPage }] },
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
    ],
  },
  {
    key: 'finance',
    label: 'menu.finance',
    icon: <WalletOutlined />,
    items: [
      { path: '/finance/freight-charges', label: 'menu.freightCharges', page: FinancePage },
      { path: '/finance/misc-charges', label: 'menu.miscCharges', page: FinancePage },
      { path: '/finance/service-fees', label: 'menu.serviceFees', page: FinancePage },
      { path: '/finance/cost-breakdowns', label: 'menu.costBreakdowns', page: FinancePage },
      { path: '/finance/profit-records', label: 'menu.profitRecords', page: FinancePage },
      { path: '/finance/invoices', label: 'menu.invoices', page: FinancePage },
      { path: '/finance/settlements', label: 'menu.settlements', page: FinancePage },
      { path: '/finance/reconciliations', label: 'menu.reconciliations', page: FinancePage },
      { path: '/finance/contract-summary', label: 'finance.contractSummary', page: ContractSummaryPage },
    ],
  },
  {
    key: 'admin',
    label: 'menu.admin',
    icon: <SettingOutlined />,
    adminOnly: true,
    items: [
      { path: '/admin/users', label: 'menu.users', page: UsersPage, adminOnly: true },
      { path: '/admin/audit', label: 'menu.audit', page: AuditPage, adminOnly: true },
      { path: '/admin/backups', label: 'menu.backups', page: BackupsPage, adminOnly: true },
    ],
  },
];

