// The corporate contract the detail-line benches import into (imports-phase.ts, spreadsheet.bench.ts):
// a folder and a contract of its own. No runtime imports, so imports-phase.ts keeps holding nothing of
// ours but what it is built with.
import type { Db } from '../../server/db/tables.js';

/** Inserts the folder and the contract; answers the contract's id. */
export async function insertBenchContract(db: Db): Promise<number> {
  const time = new Date().toISOString();
  const { id: folderId } = await db
    .insertInto('corpContractFolders')
    .values({ name: 'bench', description: null, category: 'other', createTime: time, updateTime: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('corpContracts')
    .values({
      folderId,
      contractNumber: 'BENCH-1',
      name: null,
      category: 'other',
      partyA: null,
      partyB: null,
      signDate: null,
      amount: null,
      currency: 'CNY',
      remark: null,
      fileName: 'x.pdf',
      fileUrl: 'files/x.pdf',
      fileSize: 1,
      createTime: time,
      updateTime: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
