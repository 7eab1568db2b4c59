// Benchmark (not a test): each hostile workbook of issue 19 posted to the detail-line import of the
// real service, timed, while one signed-in user keeps asking a small GET: the issue asks for the
// 400 within 5 s while every parallel small GET answers within 250 ms.
//   npx tsx test/bench/hostile-spreadsheets.bench.ts
import { rm } from 'node:fs/promises';
import { newDataDir, sampleFiles, signInAdmin, startTestApp } from '../helpers/app.js';
import { bombs, smallWorkbook } from '../helpers/hostile-xlsx.js';

const dataDir = await newDataDir();
const app = await startTestApp({ dataDir });
const { token } = await signInAdmin(app);
const folderId = (await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'bench', category: 'upstream' } })).body.data.id;
const contract = await app.upload('POST', '/api/corp-contract/contracts', {
  token,
  fields: { folderId: String(folderId), contractNumber: 'BENCH-HOSTILE' },
  files: [['file', 'c.pdf', sampleFiles.pdf()]],
});
const id = contract.body.data.id as number;

const cases: [string, () => Promise<Uint8Array>][] = [
  ['shared strings: 2,000,000 <si/>', () => bombs.sharedStrings()],
  ["shared strings: 150,000,000 <si/> (the issue's)", () => bombs.sharedStrings(150_000_000)],
  ['entry: 130 MB sheet before sharedStrings', () => bombs.entry(true)],
  ['entry: 2 GB sheet, no sharedStrings', () => bombs.entry(false, 2 * 2 ** 30)],
  ['rows: 3,000,000 empty rows', () => bombs.rows()],
  ['columns: a cell in XFD', () => bombs.farColumn('XFD2')],
  ['columns: 5,000 cells in a row', () => bombs.manyColumns()],
  ['detail lines: 100,001 (over the limit)', () => smallWorkbook(100_001)],
];

const results: Record<string, unknown>[] = [];
for (const [name, build] of cases) {
  const bytes = await build();
  let done = false;
  const getMs: number[] = [];
  const start = performance.now();
  const answer = app.upload('POST', `/api/corp-contract/contracts/${id}/details/import`, { token, files: [['file', 'bomb.xlsx', bytes]] }).finally(() => (done = true));
  const gets = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await app.request('GET', '/api/corp-contract/folders', { token });
      if (res.status !== 200) throw new Error(`a parallel GET answered ${res.status}`);
      getMs.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const res = await answer;
  const answerS = (performance.now() - start) / 1000;
  await gets;
  const slowestGetMs = Math.round(Math.max(0, ...getMs));
  results.push({
    workbook: name,
    zipKb: Math.round(bytes.length / 1024),
    status: res.status,
    answerS: Math.round(answerS * 100) / 100,
    parallelGets: getMs.length,
    slowestGetMs,
    within: answerS < 5 && slowestGetMs < 250 && res.status === 400 ? 'yes' : 'NO',
  });
  console.log(JSON.stringify(results.at(-1)));
}
await app.close();
await rm(dataDir, { recursive: true, force: true });
console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
console.table(results);
