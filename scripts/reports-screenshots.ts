// Screenshots of the lots, B/L trace and report pages and the dashboard's charts (1366×768), in
// English and Chinese, and of the B/L trace as a warehouse clerk limited to one warehouse (1366×768
// and 390×844: no contracts and no finance tab, one warehouse's documents), against a real service
// on a temp data folder:
// `npx tsx scripts/reports-screenshots.ts` (builds the client first when needed).
import { join } from 'node:path';
import { takeScreenshots } from './screenshot-service.js';

/** The date `months` months before today, on day `day`. */
const dayOf = (months: number, day: number) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  d.setDate(day);
  return d.toISOString().slice(0, 10);
};
const bl = 'COSU6300001';
/** a warehouse clerk of 宁波北仑库 (WH-NB): issue 26 */
const CLERK = { username: 'zhang.li', password: 'clerk-password-1' };
await takeScreenshots(
  async ({ api, upload, url }) => {
    const contract = (fields: Record<string, string>) => upload('/contract/upload', fields, [['files', 'contract.pdf']]);
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库' });
    await api('POST', '/inventory/warehouses', { code: 'WH-NB', name: '宁波北仑库' });
    await api('POST', '/inventory/warehouses', { code: 'WH-QD', name: '青岛港库' });
    await contract({
      name: '电解铜采购合同',
      contractType: '1',
      contractCode: 'HT-2026-018',
      buyParty: '本公司',
      sellParty: '江西铜业',
      commodity: '电解铜',
      count: '500',
      unitPrice: '68000',
      BLNumber: `${bl};COSU6300002`,
    });
    await contract({
      name: '电解铜销售合同',
      contractType: '3',
      contractCode: 'XS-2026-007',
      buyParty: '丁金属',
      sellParty: '本公司',
      commodity: '电解铜',
      count: '200',
      unitPrice: '69500',
      BLNumber: bl,
    });
    await contract({
      name: '铝锭上游合同',
      contractType: '2',
      contractCode: 'SY-2026-031',
      buyParty: '本公司',
      sellParty: '中铝国贸',
      commodity: '铝锭',
      count: '150',
      unitPrice: '19100',
      BLNumber: 'MSKU7700012',
    });
    await api('POST', '/inventory/inbound', {
      warehouse: 'WH-SH',
      commodity: '电解铜',
      blNumber: bl,
      inboundWeight: 250.12,
      blWeight: 250.5,
      inboundDate: dayOf(3, 5),
      contractNumber: 'HT-2026-018',
    });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-NB', commodity: '电解铜', blNumber: bl, inboundWeight: 119.85, blWeight: 120, inboundDate: dayOf(3, 9) });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-NB', commodity: '电解铜', blNumber: 'COSU6300002', inboundWeight: 80, inboundDate: dayOf(1, 3) });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-SH', commodity: '铝锭', blNumber: 'MSKU7700012', inboundWeight: 180.4, inboundDate: dayOf(2, 12) });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-QD', commodity: '锌锭', blNumber: 'OOLU5500031', inboundWeight: 95.2, inboundDate: dayOf(0, 2) });
    const pickup = await api('POST', '/apply-delivery', {
      blNumber: bl,
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 60,
      unit: '吨',
      deliveryDate: dayOf(2, 2),
      driverName: '张师傅',
    });
    await api('PUT', `/apply-delivery/${pickup.id}`, { status: 'approved' }); // only an approved request ships
    await api('POST', '/delivery-details', {
      deliveryOrderNumber: pickup.orderNumber,
      blNumber: bl,
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 60,
      outboundDate: dayOf(2, 2),
    });
    await api('POST', '/delivery-details', { blNumber: bl, warehouse: 'WH-SH', commodity: '电解铜', quantity: 40.5, outboundDate: dayOf(1, 15) });
    await api('POST', '/ownership-transfer', {
      blNumber: bl,
      warehouse: 'WH-NB',
      commodity: '电解铜',
      quantity: 50,
      transferDate: dayOf(1, 20),
      transferor: '本公司',
      transferee: '丁金属',
    });
    await api('POST', '/delivery-details', { blNumber: 'MSKU7700012', warehouse: 'WH-SH', commodity: '铝锭', quantity: 70, outboundDate: dayOf(0, 4) });
    await api('POST', '/corp-finances/freight-charges', { blNumber: bl, carrier: 'COSCO', amount: 18600, currency: 'CNY', chargeDate: dayOf(3, 6) });
    const clerk = await api('POST', '/users', { username: CLERK.username, password: 'temporary-pass-1', displayName: '张丽', roles: ['warehouse'], warehouses: ['WH-NB'] });
    const first = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: CLERK.username, password: 'temporary-pass-1' }),
    });
    const { token } = ((await first.json()) as { data: { token: string } }).data;
    await fetch(`${url}/api/users/${clerk.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ password: CLERK.password, currentPassword: 'temporary-pass-1' }),
    });
  },
  async (page, language, { url, out, signIn }) => {
    const suffix = language === 'en-US' ? 'en' : 'zh';
    await signIn(page);
    const shots: [string, string, string][] = [
      ['lots', '/warehouse/lots?inStock=all', '.ant-table-row'],
      ['bl-trace', `/warehouse/bl-trace?bl=${bl}`, '[data-testid=chart] canvas'],
      ['stock-movement', `/reports/stock-movement?startDate=${dayOf(1, 1)}&endDate=${dayOf(0, 28)}`, '[data-testid=chart] canvas'],
      ['contract-execution', '/reports/contract-execution', '.ant-table-row'],
      ['dashboard', '/', '[data-testid=chart] canvas'],
    ];
    for (const [name, path, ready] of shots) {
      await page.goto(url + path);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(1200); // the charts' entry animation
      await page.screenshot({ path: join(out, `reports-${name}-${suffix}.png`) });
    }
    // the same trace as the clerk: its own warehouse only, no contracts, no finance
    await page.evaluate(() => localStorage.clear());
    await page.goto(url + '/login');
    await page.locator('#username').fill(CLERK.username);
    await page.locator('#password').fill(CLERK.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('current-user').waitFor();
    for (const [viewport, name] of [
      [{ width: 1366, height: 768 }, 'clerk'],
      [{ width: 390, height: 844 }, 'clerk-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${url}/warehouse/bl-trace?bl=${bl}`);
      await page.locator('[data-testid=chart] canvas').first().waitFor();
      await page.waitForTimeout(1200);
      await page.screenshot({ path: join(out, `reports-bl-trace-${name}-${suffix}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  },
);
