// The printable pages of the warehouse documents (outbound, inbound, pickup request, ownership
// transfer): plain HTML on A4, every value escaped, fonts that render Chinese on Windows, macOS and
// Linux, bilingual labels, the company name of the settings above the title, the words the client's
// lists use for each status and the print time in the office's local time. The pickup request and
// the outbound slip carry a QR code of the record's address in the client (server/http/public-address.ts),
// drawn as inline SVG by uqr (no image request, so the page's CSP stays closed), with the address
// printed under it.
import { renderSVG } from 'uqr';
import type { InboundOrder, OutboundOrder, OwnershipTransfer, PickupRequest } from '../../../shared/warehouse.js';
import { said, type Said } from '../../../shared/messages.js';
import { codeLabel } from '../../../shared/labels.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const QUANTITY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const quantity = (n: number | null, unit?: string | null) => (n === null ? '' : `${QUANTITY.format(n)}${unit ? ` ${unit}` : ''}`);
const pad = (n: number) => String(n).padStart(2, '0');
/** The office's local time as clerks read it: YYYY-MM-DD HH:mm (the service runs in the office). */
const localTime = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
/** "待出库 Pending": a status in both languages, as the lists say it. */
const both = (s: Said | undefined, code: string) => (s ? `${s.zh} ${s.en}` : code);

interface PrintDoc {
  /** 出库单 / Outbound order */
  title: Said;
  number: string;
  rows: [Said, unknown][];
  signatures: Said[];
  /** the record's address in the client, for the QR code */
  address?: string;
}

/** The QR code of a record's address with the address under it, for a phone on the office network. */
function qrBlock(address: string): string {
  // the SVG is uqr's own markup (a rect and a path of numbers); the address is escaped where shown
  const svg = renderSVG(address, { ecc: 'M', border: 2, pixelSize: 4 });
  return `
    <figure class="qr">
      ${svg}
      <figcaption>扫码在手机上打开 Scan to open on a phone<br><span class="address">${escapeHtml(address)}</span></figcaption>
    </figure>`;
}

function printPage(doc: PrintDoc, companyName: string | null, printedAt: Date): string {
  const body = doc.rows.map(([label, value]) => `      <tr><th>${escapeHtml(`${label.zh} ${label.en}`)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');
  const signatures = doc.signatures.map((s) => `      <div>${escapeHtml(`${s.zh} ${s.en}`)}</div>`).join('\n');
  const company = companyName ? `\n    <p class="company">${escapeHtml(companyName)}</p>` : '';
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(doc.title.zh)} ${escapeHtml(doc.number)}</title>
  <style>
    @page { size: A4; margin: 18mm 16mm; }
    * { box-sizing: border-box; }
    body { margin: 0; color: #000; background: #fff; font-size: 11pt;
      font-family: "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC",
        "WenQuanYi Micro Hei", SimSun, "Noto Sans SC", sans-serif; }
    main { max-width: 178mm; margin: 0 auto; }
    .company { text-align: center; font-size: 13pt; margin: 0 0 3mm; }
    h1 { text-align: center; font-size: 18pt; margin: 0 0 2mm; letter-spacing: 0.3em; }
    .sub { text-align: center; margin: 0 0 6mm; color: #333; }
    table { width: 100%; border-collapse: collapse; }
    th, td { border: 1px solid #000; padding: 2.5mm 3mm; text-align: left; vertical-align: top; }
    th { width: 42%; font-weight: normal; background: #f2f2f2; }
    td { word-break: break-all; }
    .signatures { display: flex; justify-content: space-between; gap: 8mm; margin-top: 16mm; }
    .signatures div { flex: 1; border-top: 1px solid #000; padding-top: 2mm; text-align: center; }
    .printed { margin-top: 10mm; font-size: 9pt; color: #555; text-align: right; }
    .qr { display: flex; align-items: center; gap: 4mm; margin: 6mm 0 0; font-size: 9pt; color: #333; }
    .qr svg { width: 30mm; height: 30mm; flex: none; }
    .qr .address { word-break: break-all; }
    @media print { th { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
  </style>
</head>
<body>
  <main>${company}
    <h1>${escapeHtml(doc.title.zh)}</h1>
    <p class="sub">${escapeHtml(doc.title.en)} ${escapeHtml(doc.number)}</p>
    <table>
${body}
    </table>${doc.address ? qrBlock(doc.address) : ''}
    <section class="signatures">
${signatures}
    </section>
    <p class="printed">打印时间 Printed ${escapeHtml(localTime(printedAt))}</p>
  </main>
</body>
</html>
`;
}

/** Sends a printable page: HTML that may run no script and is never cached. */
export function sendPrintPage(ctx: { type: string; set(field: string, value: string): void; body: unknown }, html: string): void {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  ctx.body = html;
}

const L = {
  blNumber: said('B/L No.', '提单号'),
  warehouse: said('Warehouse', '仓库'),
  commodity: said('Commodity', '货物'),
  commodityCode: said('Commodity code', '货物编码'),
  quantity: said('Quantity', '数量'),
  licensePlate: said('License plate', '车牌号'),
  driver: said('Driver', '司机'),
  driverPhone: said('Driver phone', '司机电话'),
  operator: said('Operator', '经办人'),
  status: said('Status', '状态'),
  remark: said('Remark', '备注'),
  warehouseSign: said('Warehouse', '仓库经办'),
};

export function outboundPrintPage(order: OutboundOrder, companyName: string | null, printedAt: Date, address: string): string {
  return printPage(
    {
      title: said('Outbound order', '出库单'),
      number: order.outboundNumber,
      address,
      rows: [
        [said('Outbound No.', '出库单号'), order.outboundNumber],
        [said('Pickup order No.', '提货单号'), order.deliveryOrderNumber],
        [L.blNumber, order.blNumber],
        [L.warehouse, order.warehouse],
        [said('Outbound date', '出库日期'), order.outboundDate],
        [L.commodity, order.commodity],
        [L.commodityCode, order.commodityCode],
        [L.quantity, quantity(order.quantity, order.unit)],
        [L.licensePlate, order.licensePlate],
        [L.driver, order.driverName],
        [L.driverPhone, order.driverPhone],
        [L.operator, order.operator],
        [said('Outbound status', '出库状态'), both(codeLabel('outboundStatus', order.outboundStatus), order.outboundStatus)],
        [said('Receipt status', '签收状态'), both(codeLabel('receiptStatus', order.receiptStatus), order.receiptStatus)],
        [L.remark, order.remark],
      ],
      signatures: [L.warehouseSign, said('Driver', '司机签字'), said('Receiver', '收货签字')],
    },
    companyName,
    printedAt,
  );
}

export function inboundPrintPage(order: InboundOrder, companyName: string | null, printedAt: Date): string {
  return printPage(
    {
      title: said('Inbound order', '入库单'),
      number: order.inboundNumber,
      rows: [
        [said('Inbound No.', '入库单号'), order.inboundNumber],
        [L.blNumber, order.blNumber],
        [L.warehouse, order.warehouse],
        [said('Inbound date', '入库日期'), order.inboundDate],
        [L.commodity, order.commodity],
        [L.commodityCode, order.commodityCode],
        [said('B/L weight', '提单重量'), quantity(order.blWeight)],
        [said('Inbound weight', '入库重量'), quantity(order.inboundWeight)],
        [said('Difference', '重量差'), quantity(order.weightDifference)],
        [said('Owner', '货主'), order.owner],
        [said('Contract No.', '合同号'), order.contractNumber],
        [L.operator, order.operator],
        [L.remark, order.remark],
      ],
      signatures: [L.warehouseSign, said('Deliverer', '送货人签字'), said('Owner', '货主签字')],
    },
    companyName,
    printedAt,
  );
}

export function pickupPrintPage(request: PickupRequest, companyName: string | null, printedAt: Date, address: string): string {
  return printPage(
    {
      title: said('Pickup request', '提货单'),
      number: request.orderNumber,
      address,
      rows: [
        [said('Pickup order No.', '提货单号'), request.orderNumber],
        [L.blNumber, request.blNumber],
        [L.warehouse, request.warehouse],
        [said('Pickup date', '提货日期'), request.deliveryDate],
        [L.commodity, request.commodity],
        [L.quantity, quantity(request.quantity, request.unit)],
        [said('Shipped', '已出库'), quantity(request.shippedQuantity, request.unit)],
        [said('Remaining', '剩余'), quantity(request.remainingQuantity, request.unit)],
        [L.licensePlate, request.licensePlate],
        [L.driver, request.driverName],
        [L.driverPhone, request.driverPhone],
        [said('Driver ID card', '司机身份证号'), request.driverIdCard],
        [said('Delivery address', '送货地址'), request.deliveryAddress],
        [L.status, both(codeLabel('pickupStatus', request.status), request.status)],
        [said('Created by', '申请人'), request.createdBy],
        [said('Approved by', '审核人'), request.approvedBy],
        [said('Approved at', '审核时间'), request.approvedTime === null ? null : localTime(new Date(request.approvedTime))],
        [L.remark, request.remark],
      ],
      signatures: [L.warehouseSign, said('Driver', '司机签字'), said('Owner', '货主签字')],
    },
    companyName,
    printedAt,
  );
}

export function transferPrintPage(transfer: OwnershipTransfer, companyName: string | null, printedAt: Date): string {
  return printPage(
    {
      title: said('Ownership transfer', '货权转移单'),
      number: transfer.transferNumber,
      rows: [
        [said('Transfer No.', '货权转移单号'), transfer.transferNumber],
        [L.blNumber, transfer.blNumber],
        [L.warehouse, transfer.warehouse],
        [said('Transfer date', '转移日期'), transfer.transferDate],
        [L.commodity, transfer.commodity],
        [L.quantity, quantity(transfer.quantity)],
        [said('Transferor', '转出方'), transfer.transferor],
        [said('Transferee', '受让方'), transfer.transferee],
        [L.status, both(codeLabel('transferStatus', transfer.status), transfer.status)],
        [said('Attachments', '附件'), transfer.fileList.map((f) => f.name).join(', ')],
        [L.remark, transfer.remark],
      ],
      signatures: [L.warehouseSign, said('Transferor', '转出方签字'), said('Transferee', '受让方签字')],
    },
    companyName,
    printedAt,
  );
}
