// The application menu and the tray menu as plain templates (Electron's Menu.buildFromTemplate
// takes them as they are), so what they offer is tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import { translate, type Language, type TextKey } from './texts.js';

export interface MenuState {
  language: Language;
  lanUrls: string[];
  dataDir: string;
  version: string;
  /** false while the service is not running (backup needs it) */
  serviceReady: boolean;
}

export interface MenuActions {
  copyUrl(url: string): void;
  openDataFolder(): void;
  backupNow(): void;
  restore(): void;
  setLanguage(language: Language): void;
  about(): void;
  print(): void;
  showWindow(): void;
  quit(): void;
}

function lanItems(state: MenuState, actions: MenuActions, t: (key: TextKey) => string): MenuItemConstructorOptions[] {
  if (state.lanUrls.length === 0) return [{ label: t('menu.lan.none'), enabled: false }];
  return [{ label: t('menu.lan.copy'), enabled: false }, ...state.lanUrls.map((url) => ({ label: url, click: () => actions.copyUrl(url) }))];
}

function commonItems(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const t = (key: TextKey) => translate(state.language, key);
  return [
    { label: t('menu.lan'), submenu: lanItems(state, actions, t) },
    { label: t('menu.dataFolder'), click: () => actions.openDataFolder() },
    { type: 'separator' },
    { label: t('menu.backup'), enabled: state.serviceReady, click: () => actions.backupNow() },
    { label: t('menu.restore'), click: () => actions.restore() },
    { type: 'separator' },
    {
      label: t('menu.language'),
      submenu: (['zh-CN', 'en-US'] as const).map((language) => ({
        label: language === 'zh-CN' ? '中文' : 'English',
        type: 'radio' as const,
        checked: state.language === language,
        click: () => actions.setLanguage(language),
      })),
    },
    { label: t('menu.about'), click: () => actions.about() },
  ];
}

export function appMenuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const t = (key: TextKey) => translate(state.language, key);
  return [
    {
      label: t('menu.app'),
      submenu: [
        ...commonItems(state, actions),
        { type: 'separator' },
        { label: t('menu.print'), accelerator: 'CmdOrCtrl+P', click: () => actions.print() },
        { type: 'separator' },
        { label: t('menu.quit'), accelerator: 'CmdOrCtrl+Q', click: () => actions.quit() },
      ],
    },
    { label: t('menu.edit'), role: 'editMenu' },
    { label: t('menu.view'), submenu: [{ role: 'reload' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { role: 'togglefullscreen' }] },
  ];
}

export function trayMenuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const t = (key: TextKey) => translate(state.language, key);
  return [
    { label: t('menu.show'), click: () => actions.showWindow() },
    { type: 'separator' },
    ...commonItems(state, actions),
    { type: 'separator' },
    { label: t('menu.quit'), click: () => actions.quit() },
  ];
}

export function aboutText(state: MenuState): string {
  return translate(state.language, 'about.detail', { version: state.version, dataDir: state.dataDir });
}
