// Screenshots of the accessible colours (issue 28: theme tokens with 4.5:1 contrast, desktop/client/src/theme.ts)
// at 1366×768 and 390×844, English and Chinese, against a real service on a temp data folder: the
// sign-in page, the dashboard, the pickup requests (status tags, links, placeholders) and the party
// catalog with its delete confirmation open (danger buttons).
// docs/screenshots/a11y-<page>[-zh][-phone].png
//   npx tsx scripts/a11y-screenshots.ts        (builds the client first when needed)
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { takeScreenshots, type Screen } from './screenshot-service.js';

const today = new Date().toISOString().slice(0, 10);
const SCREENS: Screen[] = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Waits until the page's requests settle and nothing moves. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

await takeScreenshots(
  async ({ api }) => {
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库', address: '上海市浦东新区外高桥' });
    for (const [commodity, blNumber, weight] of [
      ['电解铜', 'COSU6300001', 250.5],
      ['铝锭', 'MSKU7700012', 180],
    ] as const)
      await api('POST', '/inventory/inbound', { warehouse: 'WH-SH', commodity, blNumber, inboundWeight: weight, owner: '甲公司', inboundDate: today });
    const requests = [
      ['电解铜', 'COSU6300001', 25.5, '张建国', '沪A 12345', 'approved'],
      ['铝锭', 'MSKU7700012', 30, '刘海峰', '沪A-12399', 'pending'],
      ['电解铜', 'COSU6300001', 12, '赵磊', '沪A12888', 'cancelled'],
    ] as const;
    for (const [i, [commodity, blNumber, quantity, driverName, licensePlate, status]] of requests.entries()) {
      const request = await api('POST', '/apply-delivery', {
        blNumber,
        warehouse: 'WH-SH',
        commodity,
        quantity,
        unit: '吨',
        deliveryDate: today,
        driverName,
        licensePlate,
        driverIdCard: '310101198805121234',
        driverPhone: `1390000000${i}`,
      });
      if (status !== 'pending') await api('PUT', `/apply-delivery/${request.id}`, { status });
    }
    for (const [name, kind] of [
      ['Jiangxi Copper Trading Co., Ltd.', 'supplier'],
      ['宁波金属有限公司', 'customer'],
    ] as const)
      await api('POST', '/parties', { name, kind, contact: 'Li Wei', phone: '13800000000' });
  },
  async (page, language, { out, url, signIn }, screen) => {
    const zh = language === 'zh-CN';
    const phone = screen.width < 768;
    const name = (what: string) => join(out, `a11y-${what}${zh ? '-zh' : ''}${phone ? '-phone' : ''}.png`);

    await page.goto(`${url}/login`);
    await settle(page);
    await page.screenshot({ path: name('login') });

    await signIn(page);
    // the charts are their own chunk: until it comes they show skeletons
    await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
    await settle(page);
    await page.screenshot({ path: name('dashboard') });

    await page.goto(`${url}/warehouse/pickup-requests`);
    await page
      .locator(phone ? '[data-testid="list-card"]' : '.ant-table-row')
      .first()
      .waitFor();
    await settle(page);
    await page.screenshot({ path: name('pickup-requests') });

    await page.goto(`${url}/master-data/parties`);
    const row = page.locator(phone ? '[data-testid="list-card"]' : '.ant-table-row').first();
    await row.waitFor();
    await row.locator('[data-action="more"]').click();
    await page.getByRole('menuitem', { name: zh ? /^删\s?除$/ : 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await page.screenshot({ path: name('delete-confirm') });
  },
  { screens: SCREENS },
);
