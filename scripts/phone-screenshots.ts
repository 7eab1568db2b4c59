// Screenshots of the phone layout (issue 28) at 390×844 and 360×740, English and Chinese, against a
// real service on a temp data folder: the gate with a search, the pickup and outbound lists as
// cards, the outbound form opened by "Ship", the open menu drawer, a list's filter drawer, and the
// printed pickup request with its QR code.
//   npx tsx scripts/phone-screenshots.ts        (builds the client first when needed)
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { takeScreenshots, type Screen } from './screenshot-service.js';

const today = new Date().toISOString().slice(0, 10);
const SCREENS: Screen[] = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Waits until the page's requests settle and nothing moves. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

await takeScreenshots(
  async ({ api }) => {
    await api('PUT', '/settings', { companyName: '上海示例贸易有限公司' });
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库', address: '上海市浦东新区外高桥' });
    await api('POST', '/inventory/warehouses', { code: 'WH-NB', name: '宁波北仑库', address: '宁波市北仑区' });
    for (const [warehouse, commodity, blNumber, weight] of [
      ['WH-SH', '电解铜', 'COSU6300001', 250.5],
      ['WH-SH', '铝锭', 'MSKU7700012', 180],
      ['WH-NB', '电解铜', 'COSU6300002', 120],
    ] as const)
      await api('POST', '/inventory/inbound', { warehouse, commodity, blNumber, inboundWeight: weight, owner: '甲公司', inboundDate: today });
    const requests = [
      ['WH-SH', '电解铜', 25.5, '张建国', '沪A 12345', '310101198805121234', 'approved'],
      ['WH-SH', '铝锭', 30, '刘海峰', '沪A-12399', '320102199003033456', 'in_progress'],
      ['WH-NB', '电解铜', 20, '陈立', '浙B·67801', '330203198512127890', 'approved'],
      ['WH-SH', '电解铜', 12, '赵磊', '沪A12888', '310104199201019876', 'pending'],
    ] as const;
    // each request's B/L holds the goods (an approval reserves them: the service refuses more than the B/L holds)
    for (const [i, [warehouse, commodity, quantity]] of requests.entries())
      await api('POST', '/inventory/inbound', { warehouse, commodity, blNumber: `COSU63000${10 + i}`, inboundWeight: quantity * 2, owner: '甲公司', inboundDate: today });
    const made = [];
    for (const [i, [warehouse, commodity, quantity, driverName, licensePlate, driverIdCard]] of requests.entries())
      made.push(
        await api('POST', '/apply-delivery', {
          blNumber: `COSU63000${10 + i}`,
          warehouse,
          commodity,
          quantity,
          unit: '吨',
          deliveryDate: today,
          driverName,
          licensePlate,
          driverIdCard,
          driverPhone: `1390000000${i}`,
          deliveryAddress: '上海市宝山区月浦镇',
        }),
      );
    for (const [i, request] of made.entries()) {
      const status = requests[i]![6];
      if (status !== 'pending') await api('PUT', `/apply-delivery/${request.id}`, { status: 'approved' });
      if (status === 'in_progress')
        await api('POST', '/delivery-details', {
          deliveryOrderNumber: request.orderNumber,
          warehouse: 'WH-SH',
          commodity: '铝锭',
          quantity: 12,
          unit: '吨',
          outboundDate: today,
          licensePlate: '沪A-12399',
          driverName: '刘海峰',
        });
    }
    await api('POST', '/delivery-details', {
      warehouse: 'WH-NB',
      commodity: '电解铜',
      quantity: 8.25,
      unit: '吨',
      outboundDate: today,
      licensePlate: '浙B99001',
      outboundStatus: 'pending',
    });
  },
  async (page, language, { out, signIn }, screen) => {
    const zh = language === 'zh-CN';
    const name = (what: string) => join(out, `phone-${what}-${screen.width}${zh ? '-zh' : ''}.png`);
    await signIn(page);

    await page.goto(page.url().replace(/\/[^/]*$/, '/gate?q=' + encodeURIComponent('沪a-12')));
    await page.getByTestId('gate-card').first().waitFor();
    await settle(page);
    await page.screenshot({ path: name('gate'), fullPage: false });

    await page
      .getByTestId('gate-card')
      .first()
      .getByRole('button', { name: zh ? /^出\s?库$/ : 'Ship' })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: zh ? /^保\s?存$/ : 'Save' })
      .waitFor();
    await settle(page);
    await page.screenshot({ path: name('outbound-form') });

    await page.goto(page.url().replace(/\/gate.*$/, '/warehouse/pickup-requests'));
    await page.getByTestId('list-card').first().waitFor();
    await settle(page);
    await page.screenshot({ path: name('pickup-requests') });

    await page.getByTestId('filter-button').click();
    await settle(page);
    await page.screenshot({ path: name('filters') });

    await page.goto(page.url().replace(/\/warehouse\/.*$/, '/warehouse/outbound-orders'));
    await page.getByTestId('list-card').first().waitFor();
    await settle(page);
    await page.screenshot({ path: name('outbound-orders') });

    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-drawer').getByRole('menu').first().waitFor();
    await settle(page);
    await page.screenshot({ path: name('menu') });
  },
  { screens: SCREENS },
);
