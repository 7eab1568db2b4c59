// Screenshots of the list pages that gained an Export button (issue 29), in English and Chinese, at
// 1366×768 and on a 390×844 phone: docs/screenshots/exports-<page>[-zh][-phone].png.
// Usage: node --import tsx scripts/export-screenshots.ts
import { join } from 'node:path';
import { takeScreenshots } from './screenshot-service.js';

const PAGES = [
  ['contracts', '/contracts'],
  ['finance-invoices', '/finance/invoices'],
  ['finance-contract-summary', '/finance/contract-summary?contractNumber=PC-2026-0001'],
  ['stock-summary', '/warehouse/stock-summary'],
  ['ownership-transfers', '/warehouse/ownership-transfers'],
  ['users', '/admin/users'],
  ['audit', '/admin/audit'],
] as const;

await takeScreenshots(
  async ({ api, upload }) => {
    await upload(
      '/contract/upload',
      {
        name: 'Copper cathode purchase',
        contractType: '1',
        contractCode: 'PC-2026-0001',
        buyParty: 'Cargodesk Trading',
        sellParty: 'Andes Copper SA',
        commodity: 'Copper cathode',
        count: '500',
        unitPrice: '8650',
        BLNumber: 'COSU6300001',
      },
      [['files', 'contract.pdf']],
    );
    await api('POST', '/corp-finances/upstream-invoices', {
      invoiceNumber: 'INV-2026-0042',
      contractNumber: 'PC-2026-0001',
      counterparty: 'Andes Copper SA',
      amount: 4325000,
      taxRate: 0.13,
      invoiceDate: '2026-11-20',
    });
    await api('POST', '/corp-finances/freight-charges', {
      contractNumber: 'PC-2026-0001',
      blNumber: 'COSU6300001',
      carrier: 'COSCO Shipping',
      amount: 18500,
      currency: 'USD',
      paymentStatus: 'paid',
    });
    const w = await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: 'Shanghai bonded yard' });
    await api('POST', '/inventory/inbound', {
      warehouse: w.code,
      commodity: 'Copper cathode',
      blNumber: 'COSU6300001',
      inboundWeight: 500,
      inboundDate: '2026-11-18',
      owner: 'Cargodesk Trading',
    });
    await api('POST', '/ownership-transfer', {
      warehouse: w.code,
      commodity: 'copper  cathode',
      blNumber: 'COSU6300001',
      quantity: 120,
      transferDate: '2026-11-21',
      transferor: 'Cargodesk Trading',
      transferee: 'Jiangxi Smelting Co.',
    });
  },
  async (page, language, { url, out, signIn }) => {
    await signIn(page);
    for (const size of ['desk', 'phone'] as const) {
      await page.setViewportSize(size === 'desk' ? { width: 1366, height: 768 } : { width: 390, height: 844 });
      for (const [name, path] of PAGES) {
        await page.goto(url + path);
        await page
          .getByRole('button', { name: /Export|导\s*出/ })
          .first()
          .waitFor();
        await page.locator('.ant-table-row, [data-testid="list-card"]').first().waitFor();
        await page.mouse.move(1, 1);
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(out, `exports-${name}${language === 'zh-CN' ? '-zh' : ''}${size === 'phone' ? '-phone' : ''}.png`) });
      }
    }
  },
);
