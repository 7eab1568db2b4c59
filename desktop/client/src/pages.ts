// Every page's chunk by its route, and the list (API path) a page shows first. In the entry, so a
// signed-in first visit starts the page's chunk and its list request at once, beside the shell's
// chunk and the check of the user (App.tsx preloadFirstScreen), not after them. The menu
// (menu.tsx) takes the loaders from here.
import type { ComponentType } from 'react';
import { OUTBOUND_PATH, PICKUP_PATH } from './pages/warehouse/paths';

export type Load = () => Promise<{ default: ComponentType }>;

/** One generic page for every finance kind (menu.tsx): it reads its kind from the path. */
export const loadFinance: Load = () => import('./pages/finance/FinancePage');

interface PageEntry {
  load: Load;
  /** the server-paged list (kit/ListPage.tsx `path`) the page shows first, requested at start */
  list?: string;
}

export const PAGES: Readonly<Record<string, PageEntry>> = {
  '/': { load: () => import('./pages/dashboard/DashboardPage') },
  '/account': { load: () => import('./pages/auth/AccountPage') },
  '/gate': { load: () => import('./pages/warehouse/GatePage') },
  '/contracts': { load: () => import('./pages/contracts/ContractsPage') },
  '/contracts/archive': { load: () => import('./pages/archive/ArchivePage') },
  '/corp-contracts': { load: () => import('./pages/corp-contracts/CorpContractsPage') },
  '/company-files': { load: () => import('./pages/company/CompanyFilesPage') },
  '/warehouse/pickup-requests': { load: () => import('./pages/warehouse/PickupRequestsPage'), list: PICKUP_PATH },
  '/warehouse/outbound-orders': { load: () => import('./pages/warehouse/OutboundOrdersPage'), list: OUTBOUND_PATH },
  '/warehouse/warehouses': { load: () => import('./pages/warehouse/WarehousesPage') },
  '/warehouse/inbound-orders': { load: () => import('./pages/warehouse/InboundOrdersPage') },
  '/warehouse/stock-summary': { load: () => import('./pages/warehouse/StockSummaryPage') },
  '/warehouse/stock-ledger': { load: () => import('./pages/warehouse/StockLedgerPage') },
  '/warehouse/ownership-transfers': { load: () => import('./pages/warehouse/OwnershipTransfersPage') },
  '/warehouse/lots': { load: () => import('./pages/reports/LotsPage') },
  '/warehouse/bl-trace': { load: () => import('./pages/reports/BlTracePage') },
  '/master-data/commodities': { load: () => import('./pages/master-data/CommoditiesPage') },
  '/master-data/parties': { load: () => import('./pages/master-data/PartiesPage') },
  '/reports/stock-movement': { load: () => import('./pages/reports/StockMovementPage') },
  '/reports/contract-execution': { load: () => import('./pages/reports/ContractExecutionPage') },
  '/reports/position': { load: () => import('./pages/reports/PositionPage') },
  '/reports/weights': { load: () => import('./pages/reports/WeightsPage') },
  '/reports/pnl': { load: () => import('./pages/trading/PnlPage') },
  '/reports/missing-documents': { load: () => import('./pages/trading/MissingDocumentsPage') },
  '/finance/contract-summary': { load: () => import('./pages/finance/ContractSummaryPage') },
  '/admin/users': { load: () => import('./pages/users/UsersPage') },
  '/admin/audit': { load: () => import('./pages/audit/AuditPage') },
  '/admin/backups': { load: () => import('./pages/backups/BackupsPage') },
  '/admin/settings': { load: () => import('./pages/settings/SettingsPage') },
  '/admin/exchange-rates': { load: () => import('./pages/trading/ExchangeRatesPage') },
};

/** The page at `path`: its entry, or the finance page for a path under /finance/ (the menu holds the finance kinds' paths). */
export function pageAt(path: string): PageEntry | undefined {
  return PAGES[path] ?? (path.startsWith('/finance/') ? { load: loadFinance } : undefined);
}

/** The loader of a page of the menu (menu.tsx); a route not listed here is a mistake of the build. */
export function pageLoad(path: string): Load {
  const entry = PAGES[path];
  if (!entry) throw new Error(`no page registered for ${path} (pages.ts)`);
  return entry.load;
}
