// Takes the README's screenshots (1366×768, light layout, English then Chinese) of the client
// against a real service on a temp data folder, after seeding it through the API: sign-in, users,
// audit log, business contracts (list, detail, new, batch upload), the contract archive, corporate
// contracts, company files, finance (invoices, an invoice refused, freight charges, profit records,
// settlements, the contract summary) and backups. `npx tsx scripts/screenshots.ts` (builds the
// client first when needed). English names as `<name>.png` (or `-en`), Chinese as `<name>-zh.png`.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { takeScreenshots, type Language, type ShotService } from './screenshot-service.js';

/** The date `days` days from today (negative: before). */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seedContracts({ api, upload }: ShotService) {
  const contracts = [
    [
      'Copper cathode purchase 2026-03',
      '1',
      'PC-2026-018',
      'Cargodesk Trading Ltd',
      'Jiangxi Copper Ltd',
      'copper cathode Grade A',
      '500',
      '68000',
      'COSU6312345670;COSU6312345671',
      '采购合同-签字版.pdf',
    ],
    ['Coal upstream Q4', '2', 'UC-2026-042', 'Cargodesk Trading Ltd', 'Shenhua Energy', 'thermal coal 5500', '30000', '96', 'MSKU7700012', 'coal-upstream.pdf'],
    ['铁矿石下游销售合同', '3', 'DC-2026-0301', '河北钢铁集团', 'Cargodesk Trading Ltd', '铁矿粉 62%', '20000', '115.75', 'OOLU5500031;OOLU5500032', '销售合同扫描件.pdf'],
    [
      'Iron ore purchase 2026-11',
      '1',
      'PC-2026-0117',
      'Cargodesk Trading Ltd',
      'Pilbara Minerals Pty',
      'iron ore fines 62%',
      '50000',
      '108.5',
      'COSU6312345680',
      'contract-scan.pdf',
    ],
  ] as const;
  for (const [name, contractType, contractCode, buyParty, sellParty, commodity, count, unitPrice, BLNumber, file] of contracts)
    await upload(
      '/contract/upload',
      {
        name,
        contractType,
        contractCode,
        buyParty,
        sellParty,
        commodity,
        count,
        unitPrice,
        BLNumber,
        deliveryTime: '2026-12',
        packaging: commodity.startsWith('copper') ? 'bundles' : 'bulk',
      },
      [['files', file]],
    );

  await api('POST', '/contract/folders', { name: '2026 Q3 coal' });
  const folder = await api('POST', '/contract/folders', { name: '2026 Q4 iron ore', description: 'signed originals' });
  for (const batchName of ['October shipments', 'November shipments'])
    await upload('/contract/batches', { folderId: String(folder.id), batchName, remark: 'originals from the port' }, [
      ['files', '提单.pdf'],
      ['files', 'packing-list.pdf'],
    ]);
}

/** Corporate contracts; answers the folder to show. */
async function seedCorpContracts({ api, upload }: ShotService): Promise<number> {
  await api('POST', '/corp-contract/folders', { name: 'Freight forwarders', category: 'freight_forwarding' });
  const downstream = await api('POST', '/corp-contract/folders', { name: '2026 下游销售', category: 'downstream' });
  const upstream = await api('POST', '/corp-contract/folders', { name: '2026 上游采购', category: 'upstream', description: 'Copper and zinc suppliers' });
  const contract = (folder: number, fields: Record<string, string>) =>
    upload('/corp-contract/contracts', { folderId: String(folder), ...fields }, [['file', `${fields.contractNumber}.pdf`]]);
  await contract(downstream.id, { contractNumber: 'XS-2026-007', name: '电解铜销售', partyA: '星海贸易有限公司', partyB: '丁金属', signDate: '2026-09-12', amount: '13900000' });
  const copper = await contract(upstream.id, {
    contractNumber: 'HT-2026-001',
    name: 'Copper cathode supply',
    partyA: 'Xinghai Trading',
    partyB: 'Jiangxi Copper',
    signDate: '2026-03-02',
    amount: '1250000',
  });
  await contract(upstream.id, {
    contractNumber: 'HT-2026-002',
    name: 'Zinc ingot supply',
    partyA: 'Xinghai Trading',
    partyB: 'Yunnan Zinc',
    signDate: '2026-04-18',
    amount: '640000',
    currency: 'USD',
  });
  await api('POST', '/corp-contract/details/batch', {
    contractId: copper.id,
    details: [
      { commodity: 'Copper cathode', specification: 'Grade A', quantity: 25.5, unit: 't', unitPrice: 68000, deliveryDate: '2026-04-15' },
      { commodity: 'Copper cathode', specification: 'Grade A', quantity: 3.2, unit: 't', unitPrice: 68500, deliveryDate: '2026-05-15' },
      { commodity: 'Copper rod', specification: '8 mm', quantity: 1, unit: 't', unitPrice: 70100, deliveryDate: '2026-05-30', remark: 'sample lot' },
    ],
  });
  return upstream.id;
}

async function seedCompanyFiles({ api, upload }: ShotService) {
  const folder = await api('POST', '/company/folders', { name: '营业执照', description: 'Licences of the group companies' });
  const files = [
    ['营业执照.pdf', '星海贸易有限公司', 'licence', dayFrom(20), folder.id],
    ['road-transport-permit.pdf', 'Harbour Logistics Ltd', 'licence', dayFrom(-8), folder.id],
    ['invoicing-info.pdf', '星海贸易有限公司', 'invoicing', '', null],
    ['jx-licence.pdf', 'Jiangxi Copper', 'licence', '2027-12-27', folder.id],
  ] as const;
  for (const [name, companyName, fileCategory, expireDate, folderId] of files) {
    const data = { companyName, fileCategory, ...(expireDate ? { expireDate } : {}), ...(folderId ? { folderId } : {}) };
    await upload('/company/files/upload', { data: JSON.stringify(data) }, [['files', name]]);
  }
}

async function seedFinance({ api, upload }: ShotService) {
  const post = (kind: string, body: Record<string, unknown>) => api('POST', `/corp-finances/${kind}`, body);
  const contract = 'PC-2026-018';
  for (const [blNumber, contractNumber, carrier, origin, destination, amount, currency, chargeDate, paymentStatus] of [
    ['COSU6312345670', contract, 'COSCO Shipping', 'Qingdao', 'Shanghai', 3700, 'USD', '2026-03-02', 'paid'],
    ['COSU6312345671', contract, 'COSCO Shipping', 'Qingdao', 'Shanghai', 3650.5, 'USD', '2026-03-09', 'unpaid'],
    ['MSKU7700012', 'UC-2026-042', 'Maersk', 'Newcastle', 'Tianjin', 18600, 'CNY', '2026-10-21', 'paid'],
    ['OOLU5500031', 'DC-2026-0301', '中远海运', '黑德兰港', '曹妃甸', 42800, 'CNY', '2026-11-03', 'unpaid'],
  ] as const)
    await post('freight-charges', { blNumber, contractNumber, carrier, origin, destination, amount, currency, chargeDate, paymentStatus });
  await post('misc-charges', { blNumber: 'COSU6312345670', contractNumber: contract, chargeType: 'Port handling', payee: 'Shanghai Port', amount: 4200, chargeDate: '2026-03-20' });
  await post('service-fees', {
    blNumber: 'COSU6312345670',
    contractNumber: contract,
    serviceProvider: 'SGS',
    feeType: 'inspection',
    amount: 1500,
    feeDate: '2026-03-12',
    paymentStatus: 'paid',
  });
  await post('cost-breakdowns', { contractNumber: contract, costItem: 'cargo insurance', amount: 2380 });
  for (const [contractNumber, blNumber, commodity, revenue, cost, recordDate] of [
    [contract, 'COSU6312345670', 'Copper cathode', 512000, 468250.4, '2026-04-01'],
    ['UC-2026-042', 'MSKU7700012', 'Thermal coal', 2960000, 2880000, '2026-10-30'],
    ['DC-2026-0301', 'OOLU5500031', '铁矿粉', 2315000, 2236400, '2026-11-10'],
  ] as const)
    await post('profit-records', { contractNumber, blNumber, commodity, revenue, cost, recordDate });
  const invoice = { contractNumber: contract, counterparty: 'Jiangxi Copper Ltd', taxRate: 0.13 };
  const received = await post('upstream-invoices', { ...invoice, invoiceNumber: 'INV-2026-0315', amount: 12345.67, invoiceDate: '2026-03-15', remark: 'VAT special invoice' });
  await upload(`/corp-finances/upstream-invoices/${received.id}/upload`, {}, [['files', 'vat-invoice-0315.pdf']]);
  await post('upstream-invoices', { ...invoice, invoiceNumber: 'INV-2026-0322', amount: 80000, invoiceDate: '2026-03-22', status: 'void', remark: 'wrong tax number' });
  await post('downstream-invoices', { invoiceNumber: 'XS-INV-0401', contractNumber: contract, counterparty: '丁金属', amount: 512000, taxRate: 0.13, invoiceDate: '2026-04-01' });
  for (const [settlementNumber, contractNumber, counterparty, amount, currency, settlementDate, status] of [
    ['ST-2026-007', contract, 'Jiangxi Copper Ltd', 92345.67, 'CNY', '2026-04-05', 'draft'],
    ['ST-2026-011', 'UC-2026-042', 'Shenhua Energy', 2880000, 'CNY', '2026-10-31', 'confirmed'],
    ['ST-2026-012', 'DC-2026-0301', '河北钢铁集团', 2315000, 'CNY', '2026-11-12', 'confirmed'],
  ] as const)
    await post('settlements', { settlementNumber, contractNumber, counterparty, amount, currency, settlementDate, status });
}

async function seedPeople({ api }: ShotService) {
  const people = [
    ['li.wei', 'Li Wei', 'active'],
    ['zhang.min', 'Zhang Min', 'active'],
    ['chen.jie', 'Chen Jie', 'disabled'],
    ['zhao.lei', 'Zhao Lei', 'pending'],
    ['sun.hui', 'Sun Hui', 'pending'],
  ] as const;
  for (const [username, displayName, status] of people) {
    const user = await api('POST', '/auth/register', { username, password: 'clerk-password-1', displayName, email: `${username}@example.com` });
    if (status !== 'pending') await api('PUT', `/users/${user.id}`, { status: 'active' });
    if (status === 'disabled') await api('PUT', `/users/${user.id}`, { status: 'disabled' });
  }
}

/** A button by its words in the screen's language (antd spaces two Chinese characters apart). */
const button = (page: Page, language: Language, en: string, zh: string) => page.getByRole('button', { name: new RegExp(`^${language === 'en-US' ? en : [...zh].join('\\s?')}$`) });
/** The page's own row holding this text (not a row of a folder panel or an expanded panel). */
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text }).last();

let corpFolder = 0;
await takeScreenshots(
  async (service) => {
    await seedContracts(service);
    corpFolder = await seedCorpContracts(service);
    await seedCompanyFiles(service);
    await seedFinance(service);
    await seedPeople(service); // last: the audit log opens on a user's status change
  },
  async (page, language, { url, out, signIn }) => {
    const shot = async (name: string) => {
      await page.mouse.move(1365, 767); // no hover highlight where the last click was
      await page.waitForTimeout(400);
      const file = name.endsWith('-en') ? (language === 'en-US' ? name : name.replace(/-en$/, '-zh')) : language === 'en-US' ? name : `${name}-zh`;
      await page.screenshot({ path: join(out, `${file}.png`) });
    };
    const open = async (path: string, ready = '.ant-table-row') => {
      await page.goto(url + path);
      await page.locator(ready).first().waitFor();
    };

    await page.goto(url + '/login');
    await page.getByRole('button').last().waitFor();
    await shot('login');
    await signIn(page);
    await open('/admin/users');
    await row(page, 'sun.hui').waitFor();
    await shot('users');
    await open('/admin/audit');
    // the newest status change: chen.jie disabled, shown before and after
    const change = page
      .locator('tr.ant-table-row')
      .filter({ has: page.locator('.ant-tag-purple') })
      .first();
    await change.locator('.ant-table-row-expand-icon').click();
    await shot('audit');

    await open('/contracts');
    await shot('contracts-list');
    await row(page, 'PC-2026-018').getByRole('button', { name: 'Copper cathode purchase 2026-03' }).click();
    await page.locator('.ant-drawer .ant-table-row').first().waitFor();
    await shot('contracts-detail');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer').waitFor({ state: 'hidden' });
    await button(page, language, 'New', '新建').click();
    await page.locator('.ant-drawer input').first().waitFor();
    await shot('contracts-create');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer').waitFor({ state: 'hidden' });
    await button(page, language, 'Batch upload', '批量上传').click();
    await page.getByTestId('batch-table').waitFor();
    await shot('contracts-batch');

    await open('/contracts/archive', '.ant-card .ant-table-row a, .ant-card .ant-table-row button');
    await page.locator('[data-testid=folder][data-folder="2026 Q4 iron ore"]').click();
    await row(page, 'November shipments').waitFor();
    await shot('contracts-archive');

    await open(`/corp-contracts?folderId=${corpFolder}`);
    await row(page, 'HT-2026-001').locator('.ant-table-row-expand-icon').click();
    await page.locator('[data-testid=lines-HT-2026-001] .ant-table-row').first().waitFor();
    await shot('corp-contracts-en');

    await open('/company-files');
    await row(page, 'road-transport-permit.pdf').waitFor();
    await shot('company-files-en');

    await open('/finance/invoices');
    await row(page, 'INV-2026-0315').locator('.ant-table-row-expand-icon').click();
    await page.locator('[data-testid^=files-]').waitFor();
    await shot('finance-invoices');
    await row(page, 'INV-2026-0315').locator('[data-action=edit]').click();
    await page.locator('#edit_amount').fill('1.234');
    await page.locator('.ant-drawer .ant-btn-primary').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await shot('finance-invoice-drawer');

    await open('/finance/freight-charges');
    await shot('finance-freight-charges');
    await open('/finance/profit-records');
    await shot('finance-profit-records');
    await open('/finance/settlements');
    await shot('finance-settlements');
    await open('/finance/contract-summary?contractNumber=PC-2026-018', '[data-testid=summary-freight-charges] .ant-table-row');
    await shot('finance-contract-summary');

    await open('/admin/backups', '.ant-card');
    await page.locator('button:has(.anticon-database)').click();
    await page.locator('.ant-message-notice').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('backups-list');
  },
  // six accounts from this one address: more than the default hourly registration limit lets through
  { registrationsPerAddressPerHour: 20 },
);
