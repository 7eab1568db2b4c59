// The words people read for the code values of the records, in both languages: one word for each
// value of every enum of shared/ (statuses, roles, kinds, types, filters). They are the only source:
// the service's refusals name an enum's choices by them ("must be one of: Active (active), …" /
// "必须是以下之一：启用（active）…", built by `labelled` in shared/validation.ts, which every enum of
// the shared schemas goes through), and the client's dictionaries take their status, role, kind and
// filter words from here (desktop/client/src/i18n/codes.ts) for the badges, selects and printed pages.
import { said, verbatim, type Said } from './messages.js';

export const CODE_LABELS = {
  warehouseStatus: { active: said('Active', '启用'), inactive: said('Inactive', '停用') },
  pickupStatus: {
    pending: said('Pending', '待审核'),
    approved: said('Approved', '已审核'),
    in_progress: said('In progress', '提货中'),
    completed: said('Completed', '已完成'),
    cancelled: said('Cancelled', '已取消'),
  },
  outboundStatus: { pending: said('Pending', '待出库'), completed: said('Shipped', '已出库'), cancelled: said('Cancelled', '已取消') },
  receiptStatus: { unconfirmed: said('Unconfirmed', '未签收'), confirmed: said('Confirmed', '已签收') },
  transferStatus: { pending: said('Pending', '待处理'), completed: said('Completed', '已完成'), cancelled: said('Cancelled', '已取消') },
  ledgerKind: { inbound: said('Inbound', '入库'), outbound: said('Outbound', '出库'), transfer: said('Transfer', '货权转移') },
  documentType: {
    inboundOrder: said('Inbound order', '入库单'),
    outboundOrder: said('Outbound order', '出库单'),
    ownershipTransfer: said('Ownership transfer', '货权转移'),
  },
  corpCategory: {
    upstream: said('Upstream', '上游'),
    downstream: said('Downstream', '下游'),
    foreign_purchase: said('Foreign purchase', '外采'),
    freight_forwarding: said('Freight forwarding', '货代'),
    logistics: said('Logistics', '物流'),
    other: said('Other', '其他'),
  },
  importMode: { append: said('Add after the existing lines', '追加到现有明细之后'), replace: said('Replace all lines', '替换全部明细') },
  contractType: { '1': said('Purchase', '采购合同'), '2': said('Upstream', '上游合同'), '3': said('Downstream', '下游合同') },
  paymentStatus: { unpaid: said('Unpaid', '未付'), paid: said('Paid', '已付') },
  invoiceStatus: { issued: said('Issued', '已开具'), received: said('Received', '已收到'), void: said('Void', '已作废') },
  settlementStatus: { draft: said('Draft', '草稿'), confirmed: said('Confirmed', '已确认') },
  reconciliationStatus: { open: said('Open', '进行中'), agreed: said('Agreed', '已核对一致'), disputed: said('Disputed', '有争议') },
  /** the roles of shared/permissions.ts */
  role: {
    admin: said('Admin', '管理员'),
    manager: said('Manager', '经理'),
    trader: said('Trader', '业务员'),
    warehouse: said('Warehouse clerk', '仓管员'),
    finance: said('Finance clerk', '财务'),
    viewer: said('Viewer', '只读用户'),
  },
  /** the user record's `role` for older clients: "admin" when its roles hold admin, else "staff" */
  legacyRole: { admin: said('Admin', '管理员'), staff: said('Staff', '员工') },
  /** the areas of shared/permissions.ts */
  area: {
    contracts: said('Business contracts', '业务合同'),
    corpContracts: said('Corporate contracts', '公司合同'),
    companyFiles: said('Company files', '公司文件'),
    pickup: said('Pickup requests', '提货申请'),
    warehouse: said('Warehouse', '仓库'),
    stock: said('Stock', '库存'),
    finance: said('Finance', '财务'),
    profit: said('Profit', '利润'),
    catalogs: said('Catalogs', '基础资料'),
    audit: said('Audit log', '审计日志'),
  },
  /** the levels of shared/permissions.ts */
  level: { none: said('None', '无'), read: said('Read', '读取'), write: said('Write', '写入'), approve: said('Approve', '审批') },
  selfRegistration: { open: said('Open', '开放'), closed: said('Closed', '关闭') },
  userStatus: { pending: said('Awaiting approval', '待审批'), active: said('Active', '已启用'), disabled: said('Disabled', '已停用') },
  auditAction: {
    create: said('Created', '创建'),
    update: said('Updated', '修改'),
    delete: said('Deleted', '删除'),
    status: said('Status changed', '状态变更'),
    merge: said('Merged', '合并'),
  },
  partyKind: {
    customer: said('Customer', '客户'),
    supplier: said('Supplier', '供应商'),
    carrier: said('Carrier', '承运商'),
    warehouse: said('Warehouse', '仓储方'),
    other: said('Other', '其他'),
  },
  /** the catalogs' `active` filter */
  activeFilter: { true: said('Active', '启用'), false: said('Inactive', '停用') },
  /** the lots' `inStock` filter */
  lotStockFilter: { true: said('In stock', '有库存'), false: said('Gone', '已出清'), negative: said('Below zero', '负库存'), all: said('All', '全部') },
  /** the B/L weights' `outOfTolerance` filter */
  toleranceFilter: { true: said('Out of tolerance', '超出公差'), false: said('Within tolerance', '公差内') },
  /** the profit and loss report's rows: per B/L or per downstream contract */
  pnlGroup: { bl: said('By B/L', '按提单'), contract: said('By contract', '按合同') },
  /** a kind of a B/L's document set: a file of it is there, or not */
  documentStatus: { missing: said('Missing', '缺少'), received: said('Received', '已收到') },
  executionStatus: { open: said('Open', '执行中'), done: said('Done', '已完成'), all: said('All', '全部') },
  sortOrder: { asc: said('Ascending', '升序'), desc: said('Descending', '降序') },
  progressPhase: {
    reading: said('Reading', '读取'),
    checking: said('Checking', '检查'),
    writing: said('Writing', '写入'),
    copying: said('Copying', '复制'),
    packing: said('Packing', '打包'),
  },
  database: { sqlite: verbatim('SQLite'), postgresql: verbatim('PostgreSQL') },
  /** `?headers=` of the spreadsheet templates and exports (server/spreadsheets/sheet.ts) */
  sheetHeaders: { labels: said('Column labels', '列标题'), fields: said('Field names', '字段名') },
} as const satisfies Record<string, Record<string, Said>>;

export type CodeKind = keyof typeof CODE_LABELS;

/** The words of one code value, or undefined for a value the list does not know. */
export function codeLabel(kind: CodeKind, code: string): Said | undefined {
  return (CODE_LABELS[kind] as Record<string, Said>)[code];
}
