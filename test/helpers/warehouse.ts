// Factories of the warehouse area: each creates a record over HTTP with valid defaults and overrides.
import type { Client } from './app.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export async function makeWarehouse(app: Client, token: string, overrides: Record<string, unknown> = {}) {
  const code = unique('WH');
  const res = await app.request('POST', '/api/inventory/warehouses', { token, body: { code, name: `仓库 ${code}`, ...overrides } });
  if (res.status !== 200) throw new Error(`warehouse: ${res.body.message}`);
  return res.body.data as { id: number; code: string; name: string };
}

export async function makeInbound(app: Client, token: string, overrides: Record<string, unknown>) {
  const res = await app.request('POST', '/api/inventory/inbound', {
    token,
    body: { commodity: 'copper', inboundWeight: 10, inboundDate: '2026-11-01', ...overrides },
  });
  if (res.status !== 200) throw new Error(`inbound: ${res.body.message}`);
  return res.body.data as { id: number; inboundNumber: string };
}

export async function makeOutbound(app: Client, token: string, overrides: Record<string, unknown>) {
  const res = await app.request('POST', '/api/delivery-details', {
    token,
    body: { commodity: 'copper', quantity: 1, outboundDate: '2026-11-02', ...overrides },
  });
  if (res.status !== 200) throw new Error(`outbound: ${res.body.message}`);
  return res.body.data as { id: number; outboundNumber: string };
}

export async function makePickup(app: Client, token: string, overrides: Record<string, unknown>) {
  const res = await app.request('POST', '/api/apply-delivery', {
    token,
    body: { blNumber: 'BL001', commodity: 'copper', quantity: 5, deliveryDate: '2026-11-22', ...overrides },
  });
  if (res.status !== 200) throw new Error(`pickup: ${res.body.message}`);
  return res.body.data as { id: number; orderNumber: string; status: string };
}

/** A pickup request approved, so outbound orders can ship against it. */
export async function makeApprovedPickup(app: Client, token: string, overrides: Record<string, unknown>) {
  const pickup = await makePickup(app, token, overrides);
  const res = await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token, body: { status: 'approved' } });
  if (res.status !== 200) throw new Error(`approve pickup: ${res.body.message}`);
  return res.body.data as { id: number; orderNumber: string; status: string };
}

/** The summary row of one warehouse and commodity (undefined when there is none). */
export async function stockOf(app: Client, token: string, warehouse: string, commodity = 'copper', asOf?: string) {
  const qs = new URLSearchParams({ warehouse, commodity, ...(asOf ? { asOf } : {}) });
  const res = await app.request('GET', `/api/inventory/summary?${qs}`, { token });
  if (res.status !== 200) throw new Error(`summary: ${res.body.message}`);
  return (res.body.data as { currentStock: number; inboundQuantity: number; outboundQuantity: number; transferredQuantity: number }[])[0];
}
