// The QR codes of the printed pickup request and outbound slip (issue 28): the code decodes (jsQR, on
// the SVG's squares drawn into pixels) to the record's address in the client, at the address a phone
// on the office network opens: the request's Host, the LAN address instead of localhost when the
// service listens on the LAN, the proxy's name and scheme behind a proxy, never a hostile Host.
import { request as httpRequest } from 'node:http';
import jsqr from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '../../server/lan.js';
import { approveOwnRequests, signInAdmin, startAdminApp, startTestApp, type TestApp } from '../helpers/app.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';

// jsqr is CommonJS typed as an ES module: under NodeNext its default import is the module, whose `default` is the decoder
const jsQR = jsqr.default;

let app: TestApp;
let token: string;
let pickup: { id: number; orderNumber: string };
let outbound: { id: number; outboundNumber: string };
let inbound: { id: number };

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  const warehouse = await makeWarehouse(app, token);
  // the request's B/L (makePickup's BL001) is received: an approval reserves in its lot (issue 27)
  inbound = await makeInbound(app, token, { warehouse: warehouse.code, blNumber: 'BL001', inboundWeight: 50 });
  pickup = await makeApprovedPickup(app, token, { warehouse: warehouse.code, licensePlate: '沪A 12345' });
  outbound = await makeOutbound(app, token, { warehouse: warehouse.code, deliveryOrderNumber: pickup.orderNumber, quantity: 2 });
});
afterAll(() => app.close());

/** GET with headers fetch() will not send (Host): the page's HTML. */
function printed(base: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode} ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The QR code of a printed page, decoded: its SVG's squares drawn into RGBA pixels for jsQR. */
function decodeQr(html: string): { text: string; shown: string } {
  const svg = /<figure class="qr">\s*(<svg[\s\S]*?<\/svg>)/.exec(html)?.[1];
  if (!svg) throw new Error('no QR code on the page');
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [, x, y, w, h] of svg.matchAll(/M(\d+),(\d+)h(\d+)v(\d+)h-\d+z/g)) {
    for (let row = Number(y); row < Number(y) + Number(h); row++)
      for (let col = Number(x); col < Number(x) + Number(w); col++) pixels.fill(0, (row * size + col) * 4, (row * size + col) * 4 + 3);
  }
  const code = jsQR(pixels, size, size);
  if (!code) throw new Error('the QR code does not decode');
  const shown = /<span class="address">([^<]*)<\/span>/.exec(html)![1]!.replaceAll('&amp;', '&');
  return { text: code.data, shown };
}

const pickupPath = () => `/warehouse/pickup-requests?orderNumber=${pickup.orderNumber}`;

describe('QR codes on printed slips', () => {
  it('encode the record’s client address at the Host the browser used', async () => {
    const host = new URL(app.url).host;
    const page = decodeQr(await printed(app.url, `/apply-delivery/print/${pickup.id}`));
    expect(page.text).toBe(`http://${host}${pickupPath()}`);
    expect(page.shown).toBe(page.text);
    const slip = decodeQr(await printed(app.url, `/delivery-details/print/${outbound.id}`));
    expect(slip.text).toBe(`http://${host}/warehouse/outbound-orders?outboundNumber=${outbound.outboundNumber}`);
  });

  it('behind a proxy: the proxy’s name, and https when it says so', async () => {
    expect(decodeQr(await printed(app.url, `/apply-delivery/print/${pickup.id}`, { host: 'cargodesk.office.lan' })).text).toBe(`http://cargodesk.office.lan${pickupPath()}`);
    const secure = await printed(app.url, `/apply-delivery/print/${pickup.id}`, { host: 'desk.example.com:8443', 'x-forwarded-proto': 'https' });
    expect(decodeQr(secure).text).toBe(`https://desk.example.com:8443${pickupPath()}`);
  });

  it('never prints a hostile Host: the service’s own address instead', async () => {
    const port = new URL(app.url).port;
    const html = await printed(app.url, `/apply-delivery/print/${pickup.id}`, { host: 'evil.example"><img src=x>' });
    expect(html).not.toContain('evil.example');
    expect(decodeQr(html).text).toBe(`http://127.0.0.1:${port}${pickupPath()}`);
  });

  it('a page printed on the service’s own PC (localhost) carries the LAN address when the service listens on the LAN', async () => {
    const lan = await startTestApp({ config: { host: '0.0.0.0' } });
    try {
      const lanToken = (await signInAdmin(lan)).token;
      await approveOwnRequests(lan, lanToken);
      const warehouse = await makeWarehouse(lan, lanToken);
      await makeInbound(lan, lanToken, { warehouse: warehouse.code, blNumber: 'BL001', inboundWeight: 5 });
      const request = await makeApprovedPickup(lan, lanToken, { warehouse: warehouse.code });
      const port = Number(new URL(lan.url).port);
      token = lanToken;
      const html = await printed(`http://127.0.0.1:${port}`, `/apply-delivery/print/${request.id}`, { host: `localhost:${port}` });
      // this machine's first LAN address (private ones first), as the desktop app shows them; none: localhost
      const expected = lanAddresses(port)[0] ?? `http://localhost:${port}`;
      expect(decodeQr(html).text).toBe(`${expected}/warehouse/pickup-requests?orderNumber=${request.orderNumber}`);
    } finally {
      token = (await signInAdmin(app)).token;
      await lan.close();
    }
  });

  it('only the pickup request and the outbound slip carry one', async () => {
    const html = await printed(app.url, `/apply-delivery/print/${pickup.id}`);
    expect(html.match(/<svg/g)).toHaveLength(1);
    expect(html).toContain('扫码在手机上打开 Scan to open on a phone');
    expect(await printed(app.url, `/inventory/inbound/print/${inbound.id}`)).not.toContain('<svg');
  });
});
