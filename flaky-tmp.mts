import ExcelJS from 'exceljs';
const errs = new Map<string, number>(); let fail = 0; const N = 400;
async function once() {
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader('/tmp/flaky.xlsx', { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    let rows = 0;
    for await (const w of reader) for await (const r of w) rows++;
    if (rows !== 2) { fail++; errs.set('rows ' + rows, (errs.get('rows ' + rows) ?? 0) + 1); }
  } catch (e) { fail++; const m = String((e as Error).message).slice(0, 80); errs.set(m, (errs.get(m) ?? 0) + 1); }
}
// 20 at a time, with a busy loop beside them
const busy = setInterval(() => { const t = Date.now(); while (Date.now() - t < 15); }, 1);
for (let i = 0; i < N; i += 20) await Promise.all(Array.from({ length: 20 }, once));
clearInterval(busy);
console.log('failures', fail, 'of', N, [...errs]);
