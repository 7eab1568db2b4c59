// Screenshots of the warehouse pages, the gate, the dashboard and the printed inbound order, outbound
// slip and pickup request (the last two with their QR codes) (1366×768) against a real service on a
// temp data folder: `npx tsx scripts/warehouse-screenshots.ts` (builds the client first when needed).
import { join } from 'node:path';
import { takeScreenshots } from './screenshot-service.js';

const today = new Date().toISOString().slice(0, 10);
await takeScreenshots(
  async ({ api }) => {
    // the printed pages carry it above their title
    await api('PUT', '/settings', { companyName: '上海示例贸易有限公司' });
    await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库', address: '上海市浦东新区外高桥', contactPerson: '王强', contactPhone: '13800000000' });
    await api('POST', '/inventory/warehouses', { code: 'WH-NB', name: '宁波北仑库', address: '宁波市北仑区', contactPerson: '李娜', contactPhone: '13900000000' });
    await api('POST', '/inventory/warehouses', { code: 'WH-TJ', name: '天津东疆库', address: '天津港东疆保税区', status: 'inactive', remark: '2026 年起停用' });
    const inbound = [
      ['WH-SH', '电解铜', 'COSU6300001', 250.5, 250.12, '甲公司'],
      ['WH-SH', '铝锭', 'MSKU7700012', 180, 180.4, '乙公司'],
      ['WH-NB', '电解铜', 'COSU6300002', 120, 119.85, '甲公司'],
      ['WH-NB', '锌锭', 'OOLU5500031', 95.2, 95.2, '丙贸易'],
    ] as const;
    for (const [warehouse, commodity, blNumber, blWeight, inboundWeight, owner] of inbound)
      await api('POST', '/inventory/inbound', { warehouse, commodity, blNumber, blWeight, inboundWeight, owner, inboundDate: today, contractNumber: 'HT-2026-018' });
    const pickups = [];
    // each request names the B/L of a lot in stock: approving one reserves what that lot holds
    for (const [i, [warehouse, commodity, blNumber, quantity, driver]] of (
      [
        ['WH-SH', '电解铜', 'COSU6300001', 25.5, '张师傅'],
        ['WH-SH', '铝锭', 'MSKU7700012', 30, '刘师傅'],
        ['WH-NB', '电解铜', 'COSU6300002', 20, '陈师傅'],
        ['WH-NB', '锌锭', 'OOLU5500031', 15, '赵师傅'],
        ['WH-SH', '电解铜', 'COSU6300001', 10, '孙师傅'],
      ] as const
    ).entries())
      pickups.push(
        await api('POST', '/apply-delivery', {
          blNumber,
          warehouse,
          commodity,
          quantity,
          unit: '吨',
          deliveryDate: today,
          driverName: driver,
          licensePlate: `沪A1234${i}`,
          driverPhone: '13700000000',
        }),
      );
    // shipped against while open: shipping all of it completes the request
    for (const status of ['approved', 'in_progress']) await api('PUT', `/apply-delivery/${pickups[0].id}`, { status });
    await api('PUT', `/apply-delivery/${pickups[1].id}`, { status: 'approved' });
    // waiting at the gate
    await api('PUT', `/apply-delivery/${pickups[2].id}`, { status: 'approved' });
    await api('PUT', `/apply-delivery/${pickups[4].id}/cancel`);
    const ob = await api('POST', '/delivery-details', {
      deliveryOrderNumber: pickups[0].orderNumber,
      blNumber: 'COSU6300001',
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 25.5,
      unit: '吨',
      outboundDate: today,
      licensePlate: '沪A12340',
      driverName: '张师傅',
    });
    await api('PUT', `/delivery-details/confirm-receipt/${ob.id}`, { receivedQuantity: 25.5, receiver: '周经理' });
    await api('POST', '/delivery-details', {
      deliveryOrderNumber: pickups[1].orderNumber,
      warehouse: 'WH-SH',
      commodity: '铝锭',
      quantity: 30,
      unit: '吨',
      outboundDate: today,
      outboundStatus: 'pending',
      driverName: '刘师傅',
    });
    await api('POST', '/inventory/transfer/create', { warehouse: 'WH-NB', commodity: '电解铜', quantity: 40, transferor: '甲公司', transferee: '丁金属', blNumber: 'COSU6300002' });
    await api('POST', '/ownership-transfer', {
      transferDate: today,
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 50,
      transferor: '甲公司',
      transferee: '戊实业',
      status: 'pending',
      remark: '待付款后放货',
    });
  },
  async (page, language, { url, out, signIn }) => {
    const suffix = language === 'en-US' ? '' : '-zh';
    await signIn(page);
    const shots: [string, string][] = [
      ['dashboard', '/'],
      ['warehouse-warehouses', '/warehouse/warehouses'],
      ['warehouse-pickup-requests', '/warehouse/pickup-requests'],
      ['warehouse-outbound-orders', '/warehouse/outbound-orders'],
      ['warehouse-inbound-orders', '/warehouse/inbound-orders'],
      ['warehouse-stock-summary', '/warehouse/stock-summary'],
      ['warehouse-stock-ledger', '/warehouse/stock-ledger'],
      ['warehouse-ownership-transfers', '/warehouse/ownership-transfers'],
    ];
    for (const [name, path] of shots) {
      await page.goto(url + path);
      await page.locator('.ant-table-row, [data-testid=stock-bar]').first().waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(out, `${name}${suffix}.png`) });
    }
    // the printed pages, opened from the lists' row action as a clerk does
    for (const [name, path] of [
      ['print-inbound', '/warehouse/inbound-orders'],
      ['print-outbound', '/warehouse/outbound-orders'],
      ['print-pickup', '/warehouse/pickup-requests'],
    ]) {
      await page.goto(url + path);
      const row = page.locator('.ant-table-row').first();
      await row.waitFor();
      const popup = page.waitForEvent('popup');
      // Print is one of the row's two buttons, or waits in More
      if (await row.locator('[data-action=print]').count()) await row.locator('[data-action=print]').click();
      else {
        await row.locator('[data-action=more]').click();
        await page.getByRole('menuitem', { name: language === 'en-US' ? 'Print' : '打印' }).click();
      }
      const printed = await popup;
      await printed.setViewportSize({ width: 1366, height: 768 });
      await printed.locator('h1').waitFor();
      await printed.screenshot({ path: join(out, `${name}${suffix}.png`), fullPage: true });
      await printed.close();
    }
    // the gate on a laptop: a plate typed with a dash, its requests as cards
    await page.goto(url + '/gate?q=' + encodeURIComponent('沪a-1234'));
    await page.getByTestId('gate-card').first().waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `warehouse-gate${suffix}.png`) });
    // a refusal of the service, in the screen's language, next to its field
    await page.goto(url + '/warehouse/warehouses');
    await page.getByRole('button', { name: language === 'en-US' ? 'New' : '新 建' }).click();
    await page.locator('#edit_code').fill('WH-SH');
    await page.locator('#edit_name').fill(language === 'en-US' ? 'Shanghai No. 2' : '上海二号库');
    await page.locator('.ant-drawer .ant-btn-primary').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `warehouse-refusal${suffix}.png`) });
  },
);
