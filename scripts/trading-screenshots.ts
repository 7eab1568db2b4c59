// Screenshots of the trading desk, part 2, in English and Chinese, at 1366×768 and on a 390×844
// phone: the profit and loss page (a profit record that disagrees first, a row lacking a rate), the
// missing-documents report, the B/L trace's document set and the exchange-rates page:
// docs/screenshots/trading-<shot>[-zh][-phone].png.
// Usage: node --import tsx scripts/trading-screenshots.ts
import { join } from 'node:path';
import { takeScreenshots } from './screenshot-service.js';

await takeScreenshots(
  async ({ api, upload }) => {
    await api('PUT', '/settings/exchange-rates', {
      rates: [
        { currency: 'USD', month: '2026-10', rate: 7.1 },
        { currency: 'USD', month: '2026-11', rate: 7.18 },
        { currency: 'EUR', month: '2026-11', rate: 7.64 },
      ],
    });
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: 'Shanghai bonded yard' });
    await api('POST', '/inventory/warehouses', { code: 'WH-NB', name: 'Ningbo Beilun yard' });
    const lots = [
      { bl: 'COSU6300001', commodity: 'Copper cathode', buy: 61200, sell: 63900, qty: 500, out: 320, wh: 'WH-SH' },
      { bl: 'MAEU7700412', commodity: 'Copper cathode', buy: 61500, sell: 64100, qty: 300, out: 300, wh: 'WH-NB' },
      { bl: 'ONEY2200917', commodity: 'Iron ore fines 62%', buy: 780, sell: 835, qty: 20000, out: 12000, wh: 'WH-NB' },
      { bl: 'HLCU5100233', commodity: 'Nickel briquettes', buy: 128000, sell: 131500, qty: 60, out: 60, wh: 'WH-SH' },
    ];
    for (const [i, l] of lots.entries()) {
      const form = (type: string, price: number, code: string) => ({
        name: `${l.commodity} ${type === '3' ? 'sale' : 'purchase'} ${i + 1}`,
        contractType: type,
        contractCode: code,
        buyParty: type === '3' ? 'Jiangsu Metals Co.' : 'Cargodesk Trading Ltd',
        sellParty: type === '3' ? 'Cargodesk Trading Ltd' : 'Pilbara Minerals Pty',
        commodity: l.commodity,
        count: String(l.qty),
        unitPrice: String(price),
        BLNumber: l.bl,
      });
      await upload('/contract/upload', form('1', l.buy, `PC-2026-01${i}`), [['files', 'contract.pdf']]);
      await upload('/contract/upload', form('3', l.sell, `SC-2026-01${i}`), [['files', 'contract.pdf']]);
      await api('POST', '/inventory/inbound', { warehouse: l.wh, commodity: l.commodity, blNumber: l.bl, inboundWeight: l.qty, inboundDate: '2026-10-08' });
      await api('POST', '/delivery-details', { warehouse: l.wh, commodity: l.commodity, blNumber: l.bl, quantity: l.out, outboundDate: i % 2 ? '2026-10-20' : '2026-11-12' });
      await api('POST', '/corp-finances/freight-charges', { blNumber: l.bl, amount: 18000 + i * 2500, currency: 'USD', chargeDate: i === 3 ? '2026-12-03' : '2026-10-12' });
      await api('POST', '/corp-finances/misc-charges', { blNumber: l.bl, amount: 4200 + i * 310, chargeDate: '2026-11-02' });
      await api('POST', '/corp-finances/service-fees', { blNumber: l.bl, amount: 1500, currency: 'EUR', feeDate: '2026-11-04' });
      const revenue = l.sell * l.out;
      // the record a finance clerk typed: contract cost, freight at October's rate, charges and fees
      const cost = Math.round((l.buy * l.out + (18000 + i * 2500) * 7.1 + 4200 + i * 310 + 1500 * 7.64) * 100) / 100;
      await api('POST', '/corp-finances/profit-records', { blNumber: l.bl, commodity: l.commodity, revenue, cost: i === 1 ? cost + 210000 : cost, recordDate: '2026-11-30' });
    }
    for (const kind of ['billOfLading', 'commercialInvoice', 'packingList']) await upload(`/bl/COSU6300001/documents`, { kind }, [['files', `${kind}.pdf`]]);
    for (const kind of ['billOfLading', 'commercialInvoice', 'packingList', 'weightCertificate', 'qualityCertificate'])
      await upload(`/bl/MAEU7700412/documents`, { kind }, [['files', `${kind}.pdf`]]);
  },
  async (page, language, { url, out, signIn }, screen) => {
    const name = (shot: string) => join(out, `trading-${shot}${language === 'zh-CN' ? '-zh' : ''}${screen.width < 768 ? '-phone' : ''}.png`);
    await signIn(page);
    await page.mouse.move(1, 1);

    await page.goto(url + '/reports/pnl');
    await page.getByTestId('pnl-table').locator('.ant-table-row').first().waitFor();
    await page.screenshot({ path: name('pnl') });

    await page.goto(url + '/reports/missing-documents');
    await page.getByTestId('missing-documents-table').locator('.ant-table-row').first().waitFor();
    await page.screenshot({ path: name('missing-documents') });

    await page.goto(url + '/warehouse/bl-trace?bl=COSU6300001');
    const documents = page.getByTestId('bl-documents');
    await documents.locator('.ant-table-row').first().waitFor();
    await documents.scrollIntoViewIfNeeded();
    await page.screenshot({ path: name('bl-documents') });

    await page.goto(url + '/admin/exchange-rates');
    await page.getByTestId('rate-row').first().waitFor();
    await page.screenshot({ path: name('exchange-rates') });
  },
  {
    screens: [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ],
  },
);
