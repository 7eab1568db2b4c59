// The catalogs of commodities and parties (decisions.md, "Commodity names"). One path set each (they
// are not part of the published route sets A and B). Literal paths come before `/:id`.
import { deletedAnswer } from '../../../shared/validation.js';
import { pagedSchema } from '../../../shared/paging.js';
import { catalogListQuery, commodityBody, commodityRecord, commodityUpdateBody, mergeBody, partyBody, partyRecord, partyUpdateBody } from '../../../shared/catalogs.js';
import { said } from '../../../shared/messages.js';
import { reply, route, type RouteDef } from '../../http/route.js';
import { sheetColumns, type Column } from '../../spreadsheets/columns.js';
import { sheetRoutes } from '../../spreadsheets/sheet-routes.js';
import type { z } from 'zod';
import { foldStock } from './catalog-names.js';
import { refreshLotWeights } from '../../db/lot-weights.js';
import { recountLotsInStock } from '../../db/bl-status.js';
import { allEntries, createEntry, deleteEntry, getEntry, importEntries, listEntries, mergeEntry, updateEntry, type CatalogSpec } from './catalogs.service.js';

export const COMMODITIES: CatalogSpec = {
  table: 'commodities',
  namesTable: 'commodityNames',
  idColumn: 'commodityId',
  entity: 'commodity',
  noun: said('commodity', '品名'),
  fields: ['code', 'unit', 'category'],
  keywordColumns: ['code', 'category'],
  uses: [
    ['inboundOrders', 'commodity', 'inboundNumber'],
    ['outboundOrders', 'commodity', 'outboundNumber'],
    ['pickupRequests', 'commodity', 'orderNumber'],
    ['ownershipTransfers', 'commodity', 'transferNumber'],
    ['stockLedger', 'commodity', 'documentNumber'],
  ],
  onMerge: async (db, fromKey, intoKey) => {
    // the lots kept under the folded key join those of the key it merges into (B/L weights: counted again)
    const bls = await db.selectFrom('lotWeights').select('blNumber').distinct().where('commodity', '=', fromKey).execute();
    const lots = await db.selectFrom('stockLots').select('blNumber').distinct().where('commodity', '=', fromKey).execute();
    await foldStock(db, fromKey, intoKey);
    await refreshLotWeights(
      db,
      bls.map((r) => r.blNumber),
    );
    // lots of one B/L may have become one: how many hold stock
    await recountLotsInStock(
      db,
      lots.map((r) => r.blNumber),
    );
  },
};

export const PARTIES: CatalogSpec = {
  table: 'parties',
  namesTable: 'partyNames',
  idColumn: 'partyId',
  entity: 'party',
  noun: said('party', '往来单位'),
  fields: ['kind', 'contact', 'phone'],
  keywordColumns: ['contact', 'phone'],
  uses: [
    ['inboundOrders', 'owner', 'inboundNumber'],
    ['ownershipTransfers', 'transferor', 'transferNumber'],
    ['ownershipTransfers', 'transferee', 'transferNumber'],
    ['corpContracts', 'partyA', 'contractNumber'],
    ['corpContracts', 'partyB', 'contractNumber'],
  ],
};

const COMMODITY_COLUMNS = sheetColumns([
  { key: 'name', type: 'text', width: 24, label: said('Commodity', '品名') },
  { key: 'code', type: 'text', label: said('Commodity code', '商品编码') },
  { key: 'unit', type: 'text', width: 8 },
  { key: 'category', type: 'text' },
  { key: 'remark', type: 'text', width: 30 },
]);
const PARTY_COLUMNS = sheetColumns([
  { key: 'name', type: 'text', width: 30 },
  { key: 'kind', type: 'text', width: 12, codes: 'partyKind' },
  { key: 'contact', type: 'text', width: 12 },
  { key: 'phone', type: 'text', width: 14 },
  { key: 'remark', type: 'text', width: 30 },
]);
const COMMODITY_EXAMPLE = { name: 'Copper cathode', code: 'CU-CATH', unit: 't', category: 'metals', remark: 'example' };
const PARTY_EXAMPLE = { name: 'Example Trading Co.', kind: 'customer', contact: 'Li Wei', phone: '13800000000', remark: 'example' };

function catalogRoutes(
  spec: CatalogSpec,
  base: string,
  kind: string,
  tag: string,
  schemas: { body: z.ZodObject; updateBody: z.ZodObject; record: z.ZodObject },
  columns: readonly Column[],
  example: Record<string, unknown>,
): RouteDef[] {
  const noun = spec.noun.en;
  return [
    route({
      method: 'get',
      path: base,
      tag,
      summary: `The ${noun} catalog, newest first`,
      access: { area: 'catalogs', level: 'read' },
      description: `keyword matches part of the name by the name rule (case, spaces and full-width characters ignored), or of the ${spec.keywordColumns.join(', ')}; active=true|false.`,
      query: catalogListQuery,
      response: pagedSchema(schemas.record),
      handler: (ctx, { query, db }) => listEntries(db, spec, query),
    }),
    ...sheetRoutes({
      tag,
      area: 'catalogs',
      noun: `${noun} catalog entries`,
      kind,
      paths: { template: `${base}/template/download`, export: `${base}/export`, import: `${base}/import` },
      listQuery: catalogListQuery,
      listPath: base,
      columns,
      template: { rowSchema: schemas.body, example },
      exportColumns: columns,
      record: schemas.record,
      rows: (db, query) => allEntries(db, spec, query),
      importRows: (db, actor, path) => importEntries(db, spec, actor, path, columns, schemas.body),
    }),
    route({
      method: 'get',
      path: `${base}/:id`,
      tag,
      summary: `One ${noun} catalog entry`,
      access: { area: 'catalogs', level: 'read' },
      response: schemas.record,
      handler: (ctx, { id, db }) => getEntry(db, spec, id),
    }),
    route({
      method: 'post',
      path: base,
      tag,
      summary: `Add a ${noun} to the catalog`,
      access: { area: 'catalogs', level: 'write' },
      description: 'A name the catalog already has by the name rule (case, spaces, full-width characters) is 400.',
      body: schemas.body,
      response: schemas.record,
      handler: async (ctx, { body, user, db }) => reply(await createEntry(db, spec, user, body as { name: string }), `${noun} created`),
    }),
    route({
      method: 'put',
      path: `${base}/:id`,
      tag,
      summary: `Change a ${noun} catalog entry (fields not sent stay as they are)`,
      access: { area: 'catalogs', level: 'write' },
      description: 'A new name is shown from now on; the old names keep meaning this entry. `active: false` deactivates it.',
      body: schemas.updateBody,
      response: schemas.record,
      handler: async (ctx, { id, body, user, db }) => reply(await updateEntry(db, spec, user, id, body as Record<string, unknown>), `${noun} updated`),
    }),
    route({
      method: 'delete',
      path: `${base}/:id`,
      tag,
      summary: `Delete a ${noun} catalog entry that no record uses (otherwise 400: deactivate it)`,
      access: { area: 'catalogs', level: 'write' },
      response: deletedAnswer,
      handler: async (ctx, { id, user, db }) => {
        await deleteEntry(db, spec, user, id);
        return reply({ id }, `${noun} deleted`);
      },
    }),
    route({
      method: 'post',
      path: `${base}/:id/merge`,
      tag,
      access: 'admin',
      summary: `Merge this ${noun} into another (admin only; audited)`,
      description:
        spec.table === 'commodities'
          ? 'The entry of the path is removed; its names mean `intoId` from now on, and its stock, ledger, lots and reports join those of `intoId`. Records keep what was typed.'
          : 'The entry of the path is removed; its names mean `intoId` from now on. Records keep what was typed.',
      body: mergeBody,
      response: schemas.record,
      handler: async (ctx, { id, body, user, db }) => reply(await mergeEntry(db, spec, user, id, body.intoId), `${noun} merged`),
    }),
  ];
}

export const masterDataRoutes = [
  ...catalogRoutes(
    COMMODITIES,
    '/commodities',
    'commodities',
    'Commodities',
    { body: commodityBody, updateBody: commodityUpdateBody, record: commodityRecord },
    COMMODITY_COLUMNS,
    COMMODITY_EXAMPLE,
  ),
  ...catalogRoutes(PARTIES, '/parties', 'parties', 'Parties', { body: partyBody, updateBody: partyUpdateBody, record: partyRecord }, PARTY_COLUMNS, PARTY_EXAMPLE),
];
