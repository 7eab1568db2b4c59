// The OpenAPI document as an integrator's tools read it: every field typed (no `{}` schema), dates
// with their formats, enums with their words, multipart bodies with their required fields, every
// example true to its schema, no two paths a request could match both of, and the document served
// at /api/openapi.json describing itself. The answer check every API test runs (test/helpers/openapi.ts)
// is shown to fail on a wrong answer here too.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mounts } from '../../server/app.js';
import { buildOpenApi } from '../../server/openapi.js';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { answerChecker, operationAt } from '../helpers/openapi.js';

type Json = Record<string, any>;

const doc = buildOpenApi(mounts, 'test') as Json;

/** Every schema object of the document, with where it is. */
function schemasOf(node: unknown, where: string, out: [string, Json][] = []): [string, Json][] {
  if (!node || typeof node !== 'object') return out;
  const n = node as Json;
  if (Array.isArray(n)) {
    n.forEach((x, i) => schemasOf(x, `${where}/${i}`, out));
    return out;
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'example' || key === 'x-enumDescriptions') continue;
    if (key === 'schema' || key === 'items' || key === 'additionalProperties') out.push([`${where}/${key}`, value as Json]);
    if ((key === 'properties' || key === 'patternProperties' || key === 'schemas') && value && typeof value === 'object')
      for (const [name, s] of Object.entries(value as Json)) out.push([`${where}/${key}/${name}`, s as Json]);
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') (value as Json[]).forEach((s, i) => out.push([`${where}/${key}/${i}`, s]));
    schemasOf(value, `${where}/${key}`, out);
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('types every schema: no empty one, dates with their format, enums with their words', () => {
    const all = schemasOf(doc, '#');
    expect(all.length).toBeGreaterThan(1000);
    const empty = all.filter(([, s]) => typeof s === 'object' && Object.keys(s).filter((k) => k !== 'description').length === 0).map(([w]) => w);
    expect(empty).toEqual([]);

    const invoice = doc.components.schemas.UpstreamInvoice;
    expect(invoice.properties.currency).toMatchObject({ type: 'string' });
    expect(invoice.properties.remark).toMatchObject({ type: ['string', 'null'] });
    expect(invoice.properties.invoiceDate.anyOf[0]).toMatchObject({ type: 'string', format: 'date' });
    expect(invoice.properties.createTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(invoice.properties.status.enum).toEqual(['issued', 'received', 'void']);
    expect(invoice.properties.status['x-enumDescriptions']).toEqual({ issued: 'Issued / 已开具', received: 'Received / 已收到', void: 'Void / 已作废' });
    expect(invoice.required).toEqual(expect.arrayContaining(['currency', 'remark', 'contractNumber', 'counterparty', 'invoiceDate', 'files']));
    expect(doc.components.schemas.Contract.properties.contractType.description).toContain('1: Purchase / 采购合同');

    // every record a generated client reads names the type of each of its fields
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>))
      for (const [field, s] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
        expect(s.type ?? s.anyOf ?? s.$ref ?? s.const ?? s.enum, `${name}.${field}`).toBeDefined();
  });

  it('declares the required fields of multipart bodies and their files as binary', () => {
    const upload = doc.paths['/api/contract/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(expect.arrayContaining(['name', 'contractType', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'count', 'unitPrice', 'files']));
    expect(upload.properties.files).toEqual({ type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 20 });
    const sheet = doc.paths['/api/inventory/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(sheet.required).toEqual(['file']);
    expect(sheet.properties.file).toEqual({ type: 'string', format: 'binary' });
    const batch = doc.paths['/api/contract/batch-upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(batch.required).toEqual(['contracts']);
    expect(Object.values(batch.patternProperties)).toEqual([{ type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 20 }]);
  });

  it('lists the statuses each route answers, as the envelope', () => {
    const responses = (method: string, path: string) => Object.keys(operationAt(doc, method, path)!.responses);
    expect(responses('post', '/api/auth/login')).toEqual(['200', '400', '401', '403', '413', '415', '429', '500', '503']);
    expect(responses('post', '/api/auth/register')).toEqual(expect.arrayContaining(['429']));
    expect(responses('get', '/api/progress/{progressId}')).toEqual(expect.arrayContaining(['401', '403', '404']));
    expect(responses('post', '/api/contract/upload')).toEqual(expect.arrayContaining(['401', '403', '413']));
    expect(responses('get', '/api/health')).toEqual(['200', '500', '503']);
    expect(doc.components.responses.NotFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Refusal' });
    // downloads list their media types; a stored file's address is a path a client can call
    const scan = operationAt(doc, 'get', '/api/contract-files/uploads/{name}')!;
    expect(Object.keys(scan.responses['200'].content)).toEqual(['application/pdf', 'image/*']);
    expect(Object.keys(operationAt(doc, 'get', '/api/company-files/company/{name}')!.responses['200'].content)).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png', 'application/octet-stream']),
    );
    expect(operationAt(doc, 'get', '/api/openapi.json')).toBeDefined();
  });

  it('has no two paths a request could match both of; the published twins are aliases of one operation', () => {
    const paths = Object.keys(doc.paths);
    const isParam = (s: string) => s.startsWith('{');
    for (const a of paths)
      for (const b of paths) {
        if (a >= b) continue;
        const [pa, pb] = [a.split('/'), b.split('/')];
        const same = pa.length === pb.length && pa.filter(isParam).length === pb.filter(isParam).length && pa.every((s, i) => isParam(s) || isParam(pb[i]!) || s === pb[i]);
        expect(same, `${a} and ${b}`).toBe(false);
      }
    expect(operationAt(doc, 'put', '/api/apply-delivery/{id}/cancel')).toBe(doc.paths['/api/apply-delivery/cancel/{id}'].put);
    expect(operationAt(doc, 'post', '/api/contract/{id}/update-files')).toBe(doc.paths['/api/contract/update-files/{id}'].post);
  });

  it('holds examples that validate against their schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const relink = (schema: Json) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Json;
    let checked = 0;
    const check = (where: string, media: Json) => {
      if (media.example === undefined) return;
      const validate = ajv.compile(relink(media.schema));
      expect(validate(media.example), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked++;
    };
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
      for (const [method, op] of Object.entries(methods)) {
        for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)) check(`${method} ${path} request ${type}`, media);
        for (const [status, r] of Object.entries(op.responses as Record<string, Json>))
          for (const [type, media] of Object.entries((r.content ?? {}) as Record<string, Json>)) check(`${method} ${path} ${status} ${type}`, media);
      }
    for (const [name, r] of Object.entries(doc.components.responses as Record<string, Json>)) check(name, r.content['application/json']);
    expect(checked).toBeGreaterThan(50);
  });
});

describe('the answer check of the API tests', () => {
  const check = answerChecker(doc);
  const url = 'http://127.0.0.1:1/api/warehouses-not-a-route';
  const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({ status, contentType, text: JSON.stringify(body) });
  const settings = {
    success: true,
    message: 'OK',
    data: { companyName: null, selfRegistration: 'open', secondPersonApproves: true, outboundNeedsPickup: false, documentKinds: [] },
  };

  it('passes a true answer and fails one that breaks the document', () => {
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(200, settings))).not.toThrow();
    // a field of the wrong type, an unknown field, a missing one
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(200, { ...settings, data: { ...settings.data, companyName: 7 } }))).toThrow(/companyName/);
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(200, { ...settings, data: { ...settings.data, extra: 1 } }))).toThrow(/additional/);
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(200, { success: true, message: 'OK' }))).toThrow(/data/);
    // a status the operation does not list, a media type it does not send, a date that is not one
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(409, { success: false, message: 'x' }))).toThrow(/409/);
    expect(() => check('GET', 'http://127.0.0.1:1/api/settings', answer(200, settings, 'text/html'))).toThrow(/text\/html/);
    const backup = { success: true, message: 'OK', data: [{ name: 'a.zip', size: 1, createTime: '22/11/2026' }] };
    expect(() => check('GET', 'http://127.0.0.1:1/api/admin/backups', answer(200, backup))).toThrow(/date-time/);
    // an unknown route may only be the 404 refusal
    expect(() => check('GET', url, answer(404, { success: false, message: 'there is no GET' }))).not.toThrow();
    expect(() => check('GET', url, answer(200, settings))).toThrow(/no operation/);
  });
});

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('serves the document without a token, including itself, and each route answers as it says', async () => {
    const res = await app.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const served = res.body as unknown as Json;
    expect(served.paths['/api/openapi.json'].get.security).toEqual([]);
    expect(Object.keys(served.paths)).toEqual(Object.keys(doc.paths));
    // a few answers of a signed-in admin, checked against the document by the test client
    const { token } = await signInAdmin(app);
    for (const path of ['/api/auth/me', '/api/settings', '/api/users', '/api/audit', '/api/corp-finances/upstream-invoices', '/api/inventory/lots'])
      expect((await app.request('GET', path, { token })).status, path).toBe(200);
  });
});
