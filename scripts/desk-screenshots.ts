// Screenshots of the trading desk (issue 31): the open position, the B/L weights and claims, the
// B/L trace's weights, the dashboard's net-position card, the batch upload table's unit, currency and
// tolerance and the document kinds of Settings, at 1366×768 and 390×844, in English and
// Chinese, against a real service on a temp data folder:
// `npx tsx scripts/desk-screenshots.ts` (builds the client first when needed).
import { join } from 'node:path';
import { takeScreenshots } from './screenshot-service.js';

const month = (ahead: number) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() + ahead);
  return d.toISOString().slice(0, 7);
};
const today = new Date().toISOString().slice(0, 10);

await takeScreenshots(
  async ({ api, upload }) => {
    const contract = (fields: Record<string, string>) => upload('/contract/upload', { buyParty: '本公司', sellParty: '对方', ...fields }, [['files', 'contract.pdf']]);
    await api('POST', '/commodities', { name: '电解铜', unit: '吨' });
    await api('POST', '/commodities', { name: 'Soybeans', unit: 't' });
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库' });
    await api('POST', '/inventory/warehouses', { code: 'WH-QD', name: '青岛港库' });
    await contract({
      name: '电解铜采购',
      contractType: '1',
      contractCode: 'HT-2026-018',
      commodity: '电解铜',
      count: '500',
      unitPrice: '9800',
      currency: 'USD',
      weightTolerance: '0.5',
      BLNumber: 'COSU6300001;COSU6300002',
      deliveryTime: month(0),
    });
    await contract({
      name: '电解铜采购 2',
      contractType: '1',
      contractCode: 'HT-2026-019',
      commodity: '电解铜',
      count: '300',
      unitPrice: '9750',
      currency: 'USD',
      weightTolerance: '0.5',
      BLNumber: 'COSU6300003',
      deliveryTime: month(1),
    });
    await contract({
      name: '电解铜销售',
      contractType: '3',
      contractCode: 'XS-2026-007',
      commodity: '电解铜',
      count: '450',
      unitPrice: '69500',
      BLNumber: 'COSU6300001',
      deliveryTime: month(1),
    });
    await contract({
      name: 'Soybean purchase',
      contractType: '2',
      contractCode: 'SB-2026-002',
      commodity: 'Soybeans',
      count: '2000',
      unitPrice: '4100',
      weightTolerance: '1',
      BLNumber: 'MSKU7700012',
      deliveryTime: month(2),
    });
    await contract({
      name: 'Soybean sale',
      contractType: '3',
      contractCode: 'SB-2026-S01',
      commodity: 'Soybeans',
      count: '800',
      unitPrice: '4300',
      BLNumber: 'MSKU7700012',
      deliveryTime: month(2),
    });
    await api('POST', '/inventory/inbound', {
      warehouse: 'WH-SH',
      commodity: '电解铜',
      blNumber: 'COSU6300001',
      blWeight: 250.5,
      inboundWeight: 248.9,
      inboundDate: today,
      contractNumber: 'HT-2026-018',
    });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-QD', commodity: '电解铜', blNumber: 'COSU6300002', blWeight: 120, inboundWeight: 119.7, inboundDate: today });
    await api('POST', '/inventory/inbound', { warehouse: 'WH-QD', commodity: 'Soybeans', blNumber: 'MSKU7700012', blWeight: 1200, inboundWeight: 1185.2, inboundDate: today });
    await api('POST', '/delivery-details', { warehouse: 'WH-SH', commodity: '电解铜', blNumber: 'COSU6300001', quantity: 100, outboundDate: today });
    await api('POST', '/delivery-details', { warehouse: 'WH-QD', commodity: 'Soybeans', blNumber: 'MSKU7700012', quantity: 300, outboundDate: today });
  },
  async (page, language, { url, out, signIn }, screen) => {
    const suffix = `${language === 'en-US' ? 'en' : 'zh'}${screen.width < 600 ? '-phone' : ''}`;
    await signIn(page);
    const shots: [string, string, string][] = [
      ['position', '/reports/position', '[data-testid=chart] canvas'],
      ['weights', '/reports/weights', '.ant-table-row'],
      ['bl-trace', '/warehouse/bl-trace?bl=COSU6300001', '[data-testid=trace-weights] .ant-table-row'],
      ['dashboard', '/', '[data-testid=position-card-row]'],
    ];
    for (const [name, path, ready] of shots) {
      await page.goto(url + path);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(1200); // the charts' entry animation
      await page.screenshot({ path: join(out, `desk-${name}-${suffix}.png`) });
    }
    // the batch upload table's unit, currency and tolerance: a commodity picked fills its row's unit
    page.setDefaultTimeout(20_000);
    await page.goto(url + '/contracts');
    await page.getByRole('button', { name: language === 'en-US' ? 'Batch upload' : '批量上传' }).click();
    const batch = page.getByTestId('batch-table');
    await batch.waitFor();
    await batch.locator('[data-testid=commodity-input] input').first().fill('电解');
    await page.locator('.ant-select-item-option').filter({ hasText: '电解铜' }).first().click();
    await batch
      .getByRole('textbox', { name: language === 'en-US' ? 'Currency' : '币种' })
      .first()
      .fill('USD');
    await batch
      .getByRole('spinbutton', { name: language === 'en-US' ? 'Weight tolerance %' : '重量允差 %' })
      .first()
      .fill('0.5');
    await batch
      .locator('.ant-table-body, .ant-table-content')
      .first()
      .evaluate((el) => {
        // the root tsconfig has no DOM types
        const box = el as unknown as { scrollTo(to: { left: number }): void; scrollWidth: number };
        box.scrollTo({ left: box.scrollWidth });
      });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `desk-contracts-batch-${suffix}.png`) });
    // the document kinds of Settings
    await page.goto(url + '/admin/settings');
    const kinds = page.getByTestId('document-kinds');
    await kinds.locator('.ant-table-row').first().waitFor();
    await kinds.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `desk-settings-kinds-${suffix}.png`) });
  },
  {
    screens: [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ],
  },
);
