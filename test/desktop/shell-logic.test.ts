import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../desktop/api.js';
import { chooseDataFolder } from '../../desktop/data-folder.js';
import { lanAddresses } from '../../server/lan.js';
import { aboutText, appMenuTemplate, trayMenuTemplate, type MenuActions, type MenuState } from '../../desktop/menu.js';
import { parsePort } from '../../desktop/port.js';
import { secureWebPreferences } from '../../desktop/security.js';
import { loadSettings, saveSettings } from '../../desktop/settings.js';
import { languageOf, texts, translate } from '../../desktop/texts.js';
import { canOpenExternally, isTrustedUrl } from '../../desktop/trusted-url.js';
import { newDataDir } from '../helpers/app.js';

describe('data folder', () => {
  const userData = '/home/ana/.config/Cargodesk';
  it('is <userData>/data by default', () => {
    expect(chooseDataFolder({ env: {}, userData })).toEqual({ dir: join(userData, 'data'), source: 'userData' });
  });
  it('is beside the executable for the Windows portable build', () => {
    expect(chooseDataFolder({ env: { PORTABLE_EXECUTABLE_DIR: '/media/usb/Cargodesk' }, userData })).toEqual({
      dir: join('/media/usb/Cargodesk', 'Cargodesk-data'),
      source: 'portable',
    });
    expect(chooseDataFolder({ env: { PORTABLE_EXECUTABLE_DIR: 'relative' }, userData }).source).toBe('userData');
  });
  it('is CARGODESK_DATA_DIR when set, over everything else', () => {
    expect(chooseDataFolder({ env: { CARGODESK_DATA_DIR: '/srv/cargo', PORTABLE_EXECUTABLE_DIR: '/media/usb' }, userData })).toEqual({ dir: '/srv/cargo', source: 'env' });
    expect(chooseDataFolder({ env: { CARGODESK_DATA_DIR: '  ' }, userData }).source).toBe('userData');
  });
});

describe('LAN addresses', () => {
  const nic = (address: string, family: 'IPv4' | 'IPv6' = 'IPv4', internal = false) =>
    ({ address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;
  it('lists the non-internal IPv4 addresses, private networks first, as http://ip:port', () => {
    const interfaces = {
      lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
      eth0: [nic('192.168.1.20'), nic('fe80::1', 'IPv6')],
      wlan0: [nic('10.0.0.7'), nic('169.254.3.4')],
      vpn: [nic('100.64.1.2')],
      docker: [nic('172.17.0.1')],
    };
    expect(lanAddresses(8080, interfaces)).toEqual(['http://10.0.0.7:8080', 'http://172.17.0.1:8080', 'http://192.168.1.20:8080', 'http://100.64.1.2:8080']);
    expect(lanAddresses(8080, { lo: [nic('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
  it('reads this computer by default', () => {
    for (const url of lanAddresses(8123)) expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:8123$/);
  });
});

describe('trusted urls', () => {
  const origin = 'http://127.0.0.1:8080';
  it('trusts only the service origin', () => {
    expect(isTrustedUrl('http://127.0.0.1:8080/contracts?page=2', origin)).toBe(true);
    expect(isTrustedUrl('http://127.0.0.1:8080', origin)).toBe(true);
    for (const url of [
      'http://127.0.0.1:8081/',
      'https://127.0.0.1:8080/',
      'http://localhost:8080/',
      'http://127.0.0.1:8080@evil.example/',
      'http://evil.example/?http://127.0.0.1:8080',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a url',
      '',
    ]) {
      expect(isTrustedUrl(url, origin), url).toBe(false);
    }
    expect(isTrustedUrl('data:text/html,x', 'data:text/html,y')).toBe(false);
  });
  it('opens only web and mail links in the system browser', () => {
    expect(canOpenExternally('https://example.com/doc')).toBe(true);
    expect(canOpenExternally('mailto:ops@example.com')).toBe(true);
    for (const url of ['file:///C:/Windows/system32/calc.exe', 'javascript:alert(1)', 'smb://server/share', 'ms-settings:', 'nope']) {
      expect(canOpenExternally(url), url).toBe(false);
    }
  });
  it('the window is locked down', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/app/preload.cjs',
    });
  });
  it('the preload uses the channels of desktop/api.ts and nothing else', async () => {
    const preload = await readFile(new URL('../../desktop/preload.cts', import.meta.url), 'utf8');
    const used = [...preload.matchAll(/invoke\('([^']+)'\)/g)].map((m) => m[1]).sort();
    expect(used).toEqual(Object.values(CHANNELS).sort());
    expect(preload).toContain("exposeInMainWorld('cargodesk'");
  });
});

describe('port', () => {
  it('accepts a whole number from 1024 to 65535', () => {
    expect(parsePort(' 8090 ')).toBe(8090);
    for (const bad of ['80', '65536', '8080x', '', '-1', '8.5']) expect(parsePort(bad), bad).toBeNull();
  });
});

describe('menus', () => {
  const calls: string[] = [];
  const actions: MenuActions = {
    copyUrl: (url) => calls.push(`copy ${url}`),
    openDataFolder: () => calls.push('open'),
    backupNow: () => calls.push('backup'),
    restore: () => calls.push('restore'),
    setLanguage: (l) => calls.push(`lang ${l}`),
    about: () => calls.push('about'),
    print: () => calls.push('print'),
    showWindow: () => calls.push('show'),
    quit: () => calls.push('quit'),
  };
  const state: MenuState = { language: 'en-US', lanUrls: ['http://192.168.1.20:8080'], dataDir: '/data', version: '0.1.0', serviceReady: true };
  const find = (items: any[], label: string): any => {
    for (const item of items) {
      if (item.label === label) return item;
      const inner = Array.isArray(item.submenu) ? find(item.submenu, label) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };

  it('offer the LAN addresses, data folder, backup, restore, language and about', () => {
    for (const template of [appMenuTemplate(state, actions), trayMenuTemplate(state, actions)]) {
      calls.length = 0;
      find(template, 'http://192.168.1.20:8080').click();
      find(template, 'Open data folder').click();
      find(template, 'Back up now').click();
      find(template, 'Restore from a backup…').click();
      find(template, '中文').click();
      find(template, 'About Cargodesk').click();
      find(template, 'Quit').click();
      expect(calls).toEqual(['copy http://192.168.1.20:8080', 'open', 'backup', 'restore', 'lang zh-CN', 'about', 'quit']);
      expect(find(template, 'English').checked).toBe(true);
    }
    expect(find(appMenuTemplate(state, actions), 'Print…').accelerator).toBe('CmdOrCtrl+P');
    expect(find(appMenuTemplate({ ...state, serviceReady: false }, actions), 'Back up now').enabled).toBe(false);
    expect(find(appMenuTemplate({ ...state, lanUrls: [] }, actions), 'No network connection').enabled).toBe(false);
    expect(aboutText(state)).toBe('Version 0.1.0\nData folder: /data');
  });

  it('speak Chinese too, with every text translated', () => {
    const zh = appMenuTemplate({ ...state, language: 'zh-CN' }, actions);
    expect(find(zh, '立即备份')).toBeDefined();
    expect(find(zh, '从备份恢复…')).toBeDefined();
    expect(translate('zh-CN', 'port.title', { port: 8080 })).toBe('端口 8080 已被占用');
    expect(Object.keys(texts['zh-CN']).sort()).toEqual(Object.keys(texts['en-US']).sort());
    expect(languageOf('zh-TW')).toBe('zh-CN');
    expect(languageOf('de-DE')).toBe('en-US');
  });
});

describe('settings', () => {
  it('keeps the language and port, and ignores bad values', async () => {
    const dir = await newDataDir();
    expect(await loadSettings(dir)).toEqual({});
    await saveSettings(dir, { language: 'zh-CN' });
    expect(await saveSettings(dir, { port: 8090 })).toEqual({ language: 'zh-CN', port: 8090 });
    await writeFile(join(dir, 'settings.json'), '{"language":"fr","port":80}');
    expect(await loadSettings(dir)).toEqual({});
  });
});
