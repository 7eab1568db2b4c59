// The printable page of an outbound order: plain HTML on A4, every value escaped, fonts that
// render Chinese on Windows, macOS and Linux. No company name: the header is the document's own.
import type { OutboundOrder } from '../../../../shared/warehouse.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// the words the client's lists use for each status, in both languages
const OUTBOUND_STATUS: Record<string, string> = { pending: '待出库 Pending', completed: '已出库 Shipped', cancelled: '已取消 Cancelled' };
const RECEIPT_STATUS: Record<string, string> = { unconfirmed: '未签收 Unconfirmed', confirmed: '已签收 Confirmed' };

const QUANTITY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const pad = (n: number) => String(n).padStart(2, '0');
/** The office's local time as clerks read it: YYYY-MM-DD HH:mm (the service runs in the office). */
export const localTime = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;

export function outboundPrintPage(order: OutboundOrder, printedAt: Date): string {
  const rows: [string, unknown][] = [
    ['出库单号 Outbound No.', order.outboundNumber],
    ['提货单号 Pickup order No.', order.deliveryOrderNumber],
    ['提单号 B/L No.', order.blNumber],
    ['仓库 Warehouse', order.warehouse],
    ['出库日期 Outbound date', order.outboundDate],
    ['货物 Commodity', order.commodity],
    ['货物编码 Commodity code', order.commodityCode],
    ['数量 Quantity', `${QUANTITY.format(order.quantity)}${order.unit ? ` ${order.unit}` : ''}`],
    ['车牌号 License plate', order.licensePlate],
    ['司机 Driver', order.driverName],
    ['司机电话 Driver phone', order.driverPhone],
    ['经办人 Operator', order.operator],
    ['出库状态 Outbound status', OUTBOUND_STATUS[order.outboundStatus] ?? order.outboundStatus],
    ['签收状态 Receipt status', RECEIPT_STATUS[order.receiptStatus] ?? order.receiptStatus],
    ['备注 Remark', order.remark],
  ];
  const body = rows.map(([label, value]) => `      <tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <title>出库单 ${escapeHtml(order.outboundNumber)}</title>
  <style>
    @page { size: A4; margin: 18mm 16mm; }
    * { box-sizing: border-box; }
    body { margin: 0; color: #000; background: #fff; font-size: 11pt;
      font-family: "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC",
        "WenQuanYi Micro Hei", SimSun, "Noto Sans SC", sans-serif; }
    main { max-width: 178mm; margin: 0 auto; }
    h1 { text-align: center; font-size: 18pt; margin: 0 0 2mm; letter-spacing: 0.3em; }
    .sub { text-align: center; margin: 0 0 6mm; color: #333; }
    table { width: 100%; border-collapse: collapse; }
    th, td { border: 1px solid #000; padding: 2.5mm 3mm; text-align: left; vertical-align: top; }
    th { width: 42%; font-weight: normal; background: #f2f2f2; }
    td { word-break: break-all; }
    .signatures { display: flex; justify-content: space-between; gap: 8mm; margin-top: 16mm; }
    .signatures div { flex: 1; border-top: 1px solid #000; padding-top: 2mm; text-align: center; }
    .printed { margin-top: 10mm; font-size: 9pt; color: #555; text-align: right; }
    @media print { th { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
  </style>
</head>
<body>
  <main>
    <h1>出库单</h1>
    <p class="sub">Outbound order ${escapeHtml(order.outboundNumber)}</p>
    <table>
${body}
    </table>
    <section class="signatures">
      <div>仓库经办 Warehouse</div>
      <div>司机签字 Driver</div>
      <div>收货签字 Receiver</div>
    </section>
    <p class="printed">打印时间 Printed ${escapeHtml(localTime(printedAt))}</p>
  </main>
</body>
</html>
`;
}
