// The finance routes, generated from the kinds of finance.kinds.ts. They are mounted twice, under
// /api and without it (the client calls /corp-finances/... without /api): see server/app.ts.
import { z } from 'zod';
import { contractSummaryAnswer, contractSummaryQuery, FINANCE_RECORDS, financeListQuery, listSummary, SUMMARY_KINDS } from '../../../shared/finance.js';
import { pagedSchema } from '../../../shared/paging.js';
import { reply, route, type RouteDef } from '../../http/route.js';
import { DOCUMENTS } from '../../http/upload.js';
import { parseId } from '../../http/validate.js';
import { FINANCE_KINDS, type FinanceKind } from './finance.kinds.js';
import { financeColumns, SUMMARY_COLUMNS, summaryRows } from './finance.sheet.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';
import { mayRead } from '../../../shared/permissions.js';
import { said } from '../../../shared/messages.js';
import { allRecords, attachFiles, contractSummary, createRecord, deleteRecord, getRecord, listRecords, removeFile, updateRecord } from './finance.service.js';

const TAG = 'Finance';
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const PREFIX_NOTE = 'Also served without /api (`/corp-finances/...`), same token, same data.';

function kindRoutes(kind: FinanceKind): RouteDef[] {
  const base = `/corp-finances/${kind.segment}`;
  const record = FINANCE_RECORDS[kind.key];
  const listQuery = kind.statusField ? financeListQuery.extend({ [kind.statusField]: kind.fields.shape[kind.statusField]! }) : financeListQuery;
  const routes = [
    route({
      method: 'get',
      path: base,
      tag: TAG,
      summary: `List ${kind.label.en}s, newest first, with totals per currency`,
      access: { area: kind.area, level: 'read' },
      description: `Filters: blNumber and contractNumber (exact), keyword (part of any text field), startDate/endDate (over ${kind.dateField ?? 'the creation date'})${kind.statusField ? `, ${kind.statusField}` : ''}. \`summary.totals\` sums all filtered rows, not only the page. ${PREFIX_NOTE}`,
      query: listQuery,
      response: pagedSchema(record).extend({ summary: listSummary }),
      handler: (ctx, { query, db }) => listRecords(db, kind, query as z.output<typeof financeListQuery>),
    }),
    exportRoute({
      tag: TAG,
      noun: `${kind.label.en}s`,
      kind: kind.segment,
      path: `${base}/export`,

      access: { area: kind.area, level: 'read' },
      listPath: base,
      listQuery,
      columns: financeColumns(kind),
      rows: (db, query) => allRecords(db, kind, query as z.output<typeof financeListQuery>),
      record,
      title: said(capitalized(`${kind.label.en}s`), kind.label.zh),
    }),
    route({
      method: 'get',
      path: `${base}/:id`,
      tag: TAG,
      summary: `One ${kind.label.en}`,
      access: { area: kind.area, level: 'read' },
      response: record,
      handler: (ctx, { id, db }) => getRecord(db, kind, id),
    }),
    route({
      method: 'post',
      path: base,
      tag: TAG,
      summary: `Create a ${kind.label.en}`,
      access: { area: kind.area, level: 'write' },
      body: kind.fields,
      response: record,
      handler: async (ctx, { body, user, db }) => reply(await createRecord(db, kind, user, body), `${kind.label.en} created`),
    }),
    route({
      method: 'put',
      path: `${base}/:id`,
      tag: TAG,
      summary: `Change a ${kind.label.en}`,
      access: { area: kind.area, level: 'write' },
      description: 'Send only the fields to change; an optional field sent as null or "" is cleared. Derived fields are recomputed.',
      body: kind.fields.partial(),
      response: record,
      handler: async (ctx, { id, body, user, db }) => reply(await updateRecord(db, kind, user, id, body), `${kind.label.en} saved`),
    }),
    route({
      method: 'delete',
      path: `${base}/:id`,
      tag: TAG,
      summary: `Delete a ${kind.label.en}${kind.hasFiles ? ' and its files' : ''}`,
      access: { area: kind.area, level: 'write' },
      handler: async (ctx, { id, user, db, store }) => {
        await deleteRecord(db, store, kind, user, id);
        return reply(undefined, `${kind.label.en} ${id} deleted`);
      },
    }),
  ];
  if (kind.hasFiles) {
    routes.push(
      route({
        method: 'post',
        path: `${base}/:id/upload`,
        tag: TAG,
        summary: `Attach files to a ${kind.label.en}`,
        access: { area: kind.area, level: 'write' },
        description:
          'multipart/form-data, files in the field `files` (any type but programs, at most 50 MB each). Answers the record with all its files; read one at `/api/finance-files/{url}`.',
        upload: { ...DOCUMENTS, required: true },
        response: record,
        handler: async (ctx, { id, files, user, db, store }) =>
          reply(await attachFiles(db, store, kind, user, id, files), `${files.length} file${files.length === 1 ? '' : 's'} attached`),
      }),
      route({
        method: 'delete',
        path: `${base}/:id/files/:fileId`,
        tag: TAG,
        summary: `Remove one file of a ${kind.label.en}`,
        access: { area: kind.area, level: 'write' },
        response: record,
        handler: async (ctx, { id, user, db, store }) => reply(await removeFile(db, store, kind, user, id, parseId(ctx.params.fileId, 'fileId')), 'file removed'),
      }),
    );
  }
  return routes;
}

export const financeRoutes: readonly RouteDef[] = [
  route({
    method: 'get',
    path: '/corp-finances/contract-summary',
    tag: TAG,
    summary: 'Everything finance holds for one contract',
    access: { area: 'finance', level: 'read' },
    description: `For one contractNumber: one section per kind that has a contract number (${SUMMARY_KINDS.map((k) => k.key).join(', ')}), each \`{ count, totals, items }\`; the profit records and cost breakdowns only with read access to profit (absent otherwise, with their profit and margin). ${PREFIX_NOTE}`,
    query: contractSummaryQuery,
    response: contractSummaryAnswer,
    handler: (ctx, { query, user, db }) => contractSummary(db, query.contractNumber, user.permissions),
  }),
  exportRoute({
    tag: TAG,
    noun: 'finance records of one contract (a row per record of every kind, newest first)',
    kind: 'contract-summary',
    path: '/corp-finances/contract-summary/export',

    access: { area: 'finance', level: 'read' },
    listPath: '/corp-finances/contract-summary',
    listQuery: contractSummaryQuery,
    columns: SUMMARY_COLUMNS,
    rows: (db, query, layout, reader) => summaryRows(db, query.contractNumber, layout, reader.permissions),
    columnsFor: (reader) => (mayRead(reader.permissions, 'profit') ? SUMMARY_COLUMNS : SUMMARY_COLUMNS.filter((c) => c.key !== 'cost' && c.key !== 'profit')),
    title: said('Contract finance summary', '合同财务汇总'),
  }),
  ...FINANCE_KINDS.flatMap(kindRoutes),
];
