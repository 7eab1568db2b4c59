// What an integrator on the office's LAN writes against a client generated from the OpenAPI document
// (docs/api.md, "A typed client"). CI generates build/cargodesk-api.d.ts with openapi-typescript and
// compiles this with tsc --strict (test/integrator/tsconfig.json): a record field typed `unknown`, a
// renamed field or a missing route fails the build.
import createClient from 'openapi-fetch';
import type { components, paths } from '../../build/cargodesk-api.js';

type Schemas = components['schemas'];

/** The fields of a record typed `unknown` (or `any`): there must be none. */
type UnknownFields<R> = { [K in keyof R]-?: unknown extends R[K] ? K : never }[keyof R];
type RecordsWithUnknownFields = {
  [N in keyof Schemas]: [Schemas[N]] extends [object] ? ([UnknownFields<Schemas[N]>] extends [never] ? never : `${N & string}.${UnknownFields<Schemas[N]> & string}`) : never;
}[keyof Schemas];
// a compile error here names each `Record.field` whose type is unknown
export const everyFieldTyped: [RecordsWithUnknownFields] extends [never] ? true : RecordsWithUnknownFields = true;

/** A client of the service at `baseUrl` (http://<host>:8080). */
export const connect = (baseUrl: string) => createClient<paths>({ baseUrl });
type Client = ReturnType<typeof connect>;

/** Signs in and answers the bearer token. */
export async function signIn(client: Client, username: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/auth/login', { body: { username, password } });
  if (error) throw new Error(error.message);
  return data.data.token;
}

/** The currency, amount and date of every upstream invoice of a contract. */
export async function invoicesOf(client: Client, token: string, contractNumber: string): Promise<{ number: string; currency: string; amount: number; date: string | null }[]> {
  const { data, error } = await client.GET('/api/corp-finances/upstream-invoices', {
    params: { query: { contractNumber, pageSize: 100 } },
    headers: { authorization: `Bearer ${token}` },
  });
  if (error) throw new Error(error.message);
  return data.data.items.map((invoice) => {
    const currency: string = invoice.currency;
    return { number: invoice.invoiceNumber, currency, amount: invoice.amount, date: invoice.invoiceDate };
  });
}

/** An outbound order's commodity as the catalog spells it, and its status in words. */
export async function outboundOrder(client: Client, token: string, id: number): Promise<string> {
  const { data, error } = await client.GET('/api/delivery-details/detail/{id}', { params: { path: { id } }, headers: { authorization: `Bearer ${token}` } });
  if (error) throw new Error(error.message);
  const order: Schemas['OutboundOrder'] = data.data;
  const status: 'pending' | 'completed' | 'cancelled' = order.outboundStatus;
  return `${order.outboundNumber}: ${order.quantity} ${order.unit ?? ''} ${order.commodity} (${status})`;
}

/** A stored file of an invoice, by the url its record holds (`finance/<name>`). */
export async function invoiceFile(client: Client, url: string): Promise<Blob> {
  const name = url.slice('finance/'.length);
  const { data, error } = await client.GET('/api/finance-files/finance/{name}', { params: { path: { name } }, parseAs: 'blob' });
  if (error) throw new Error(error.message);
  return data;
}
