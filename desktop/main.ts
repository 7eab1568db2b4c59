// The Electron shell: one instance; the service in a utility process on port 8080 (all
// interfaces); a splash until /api/health answers; the locked-down window; menu and tray; backup,
// restore (confirm, restore, restart) and a clean stop on quit. The logic lives in the plain
// modules beside this file (tested in test/desktop); this file only wires them to Electron.
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, Notification, shell, Tray, utilityProcess, type UtilityProcess } from 'electron';
import { basename, join } from 'node:path';
import { CHANNELS } from './api.js';
import { chooseDataFolder } from './data-folder.js';
import { waitForHealth } from './health.js';
import { lanAddresses } from '../server/lan.js';
import { aboutText, appMenuTemplate, trayMenuTemplate, type MenuActions, type MenuState } from './menu.js';
import { DEFAULT_PORT, suggestPort } from './port.js';
import { SERVICE_ENV, type FromService, type ServiceOptions, type ToService } from './protocol.js';
import { fromService, lockDown, secureWebPreferences } from './security.js';
import { loadSettings, saveSettings } from './settings.js';
import { splashUrl } from './splash.js';
import { RESTART_LIMITS, Supervisor } from './supervisor.js';
import { languageOf, translate, type Language, type TextKey } from './texts.js';

// <appData>/Cargodesk whatever the package name says, so docs/operations.md can name the folder
app.setPath('userData', join(app.getPath('appData'), 'Cargodesk'));
const appRoot = app.getAppPath();
const buildDir = join(appRoot, 'build', 'desktop');
const iconPath = join(appRoot, 'desktop', 'icons', 'icon.png');

let window: BrowserWindow | null = null;
let splash: BrowserWindow | null = null;
let tray: Tray | null = null;
let service: Supervisor<UtilityProcess> | null = null;
let serviceOptions: ServiceOptions = { dataDir: '', clientDir: '', port: DEFAULT_PORT };
let origin = 'http://127.0.0.1:8080';
let quitting = false;
let restarting = false;
const state: MenuState = { language: 'en-US', lanUrls: [], dataDir: '', version: app.getVersion(), serviceReady: false };
const t = (key: TextKey, values?: Record<string, string | number>) => translate(state.language, key, values);

function send(message: ToService): void {
  service?.child?.postMessage(message);
}

function refreshMenus(): void {
  state.lanUrls = lanAddresses(Number(new URL(origin).port));
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(state, actions)));
  tray?.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(state, actions)));
}

const actions: MenuActions = {
  copyUrl: (url) => clipboard.writeText(url),
  openDataFolder: () => void shell.openPath(state.dataDir),
  backupNow: () => send({ type: 'backup' }),
  restore: () => void restoreFromBackup(),
  setLanguage: (language) => void setLanguage(language),
  about: () => void dialog.showMessageBox({ type: 'info', title: t('menu.about'), message: `Cargodesk ${state.version}`, detail: aboutText(state), buttons: [t('ok')] }),
  print: () => window?.webContents.print(),
  showWindow: () => showWindow(),
  quit: () => app.quit(),
};

function showWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function setLanguage(language: Language): Promise<void> {
  state.language = language;
  await saveSettings(app.getPath('userData'), { language });
  refreshMenus();
  // the client keeps its own choice in localStorage under this key (desktop/client/src/i18n)
  await window?.webContents.executeJavaScript(`localStorage.setItem('cargodesk.language', ${JSON.stringify(language)}); location.reload();`);
}

async function restoreFromBackup(): Promise<void> {
  const picked = await dialog.showOpenDialog({
    title: t('restore.pick'),
    defaultPath: join(state.dataDir, 'backups'),
    filters: [{ name: t('zip'), extensions: ['zip'] }],
    properties: ['openFile'],
  });
  const file = picked.filePaths[0];
  if (picked.canceled || !file) return;
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    message: t('restore.confirm', { file: basename(file) }),
    detail: t('restore.confirmDetail'),
    buttons: [t('restore.ok'), t('restore.cancel')],
    defaultId: 1,
    cancelId: 1,
  });
  if (response !== 0) return;
  restarting = true;
  service?.stop();
  state.serviceReady = false;
  send({ type: 'restore', file });
}

function openWindow(url: string): void {
  origin = new URL(url).origin;
  if (window) {
    void window.loadURL(url);
    return;
  }
  window = new BrowserWindow({ width: 1440, height: 900, show: false, icon: iconPath, title: 'Cargodesk', webPreferences: secureWebPreferences(join(buildDir, 'preload.cjs')) });
  lockDown(
    window.webContents,
    () => origin,
    (external) => void shell.openExternal(external),
  );
  window.once('ready-to-show', () => {
    splash?.destroy();
    splash = null;
    window?.show();
  });
  window.on('close', (event) => {
    // closing the window keeps serving the other PCs from the tray; Quit stops the service
    if (!quitting && tray) {
      event.preventDefault();
      window?.hide();
    }
  });
  void window.loadURL(url);
}

function forkService(): UtilityProcess {
  return utilityProcess.fork(join(buildDir, 'service.js'), [], {
    serviceName: 'Cargodesk service',
    stdio: 'inherit',
    env: { ...process.env, [SERVICE_ENV]: JSON.stringify(serviceOptions) },
  });
}

/** A visible notice that does not wait for a click: the service comes back on its own. */
function notify(body: string): void {
  if (Notification.isSupported()) new Notification({ title: 'Cargodesk', body }).show();
  else tray?.displayBalloon({ title: 'Cargodesk', content: body });
}

/** Starts the service child, and starts it again when it crashes (at most 3 times in 10 minutes). */
function startService(options: ServiceOptions): void {
  serviceOptions = options;
  const minutes = RESTART_LIMITS.windowMs / 60_000;
  service = new Supervisor(forkService, {
    started: (child) => child.on('message', (message: FromService) => void onServiceMessage(message)),
    restarting: (code, { attempt }) => {
      state.serviceReady = false;
      refreshMenus();
      notify(t('restart.notice', { code: String(code), attempt, max: RESTART_LIMITS.maxRestarts, minutes }));
    },
    gaveUp: (code, crashes) => {
      if (quitting || restarting) return;
      dialog.showErrorBox(t('restart.gaveUp.title'), t('restart.gaveUp', { code: String(code), crashes, minutes, logs: join(state.dataDir, 'logs') }));
      app.exit(1);
    },
  });
  service.start();
}

/** The same service on another port (after "port taken"): the old child is ended on purpose. */
function restartServiceOn(port: number): void {
  serviceOptions = { ...serviceOptions, port };
  service?.replace().old?.kill();
}

async function onServiceMessage(message: FromService): Promise<void> {
  switch (message.type) {
    case 'ready': {
      state.serviceReady = true;
      origin = new URL(message.url).origin;
      refreshMenus();
      if (await waitForHealth(message.url)) openWindow(message.url);
      else {
        dialog.showErrorBox(t('failed.title'), `${message.url}/api/health`);
        app.quit();
      }
      return;
    }
    case 'port-taken': {
      const suggested = await suggestPort(message.port);
      const buttons = [t('port.retry'), ...(suggested ? [t('port.other', { suggested })] : []), t('port.quit')];
      const { response } = await dialog.showMessageBox({
        type: 'warning',
        title: t('port.title', { port: message.port }),
        message: t('port.message', { port: message.port }),
        detail: suggested ? t('port.detail', { suggested }) : message.message,
        buttons,
        defaultId: 0,
      });
      if (response === 0) restartServiceOn(message.port);
      else if (suggested && response === 1) {
        await saveSettings(app.getPath('userData'), { port: suggested });
        restartServiceOn(suggested);
      } else app.exit(0);
      return;
    }
    case 'failed':
      dialog.showErrorBox(t('failed.title'), message.message);
      app.exit(1);
      return;
    case 'backup-done': {
      const { response } = await dialog.showMessageBox({ type: 'info', message: t('backup.done'), detail: message.path, buttons: [t('ok'), t('backup.show')] });
      if (response === 1) shell.showItemInFolder(message.path);
      return;
    }
    case 'backup-failed':
      dialog.showErrorBox(t('backup.failed'), message.message);
      return;
    case 'restored':
    case 'restore-failed':
      await dialog.showMessageBox({
        type: message.type === 'restored' ? 'info' : 'error',
        message: t(message.type === 'restored' ? 'restore.done' : 'restore.failed'),
        detail: message.message,
        buttons: [t('ok')],
      });
      app.relaunch();
      app.exit(0);
      return;
    case 'stopped':
      app.exit(0);
  }
}

async function startup(): Promise<void> {
  const userData = app.getPath('userData');
  const settings = await loadSettings(userData);
  state.language = settings.language ?? languageOf(app.getLocale());
  const data = chooseDataFolder({ env: process.env, userData });
  state.dataDir = data.dir;

  splash = new BrowserWindow({ width: 420, height: 240, frame: false, resizable: false, icon: iconPath, webPreferences: secureWebPreferences() });
  lockDown(
    splash.webContents,
    () => origin,
    () => undefined,
  );
  void splash.loadURL(splashUrl(t('splash.starting')));

  ipcMain.handle(CHANNELS.openDataFolder, async (event) => {
    if (fromService(event, origin)) await shell.openPath(state.dataDir);
  });
  ipcMain.handle(CHANNELS.lanAddresses, (event) => (fromService(event, origin) ? state.lanUrls : []));
  ipcMain.handle(CHANNELS.print, (event) => {
    if (fromService(event, origin)) event.sender.print();
  });

  tray = new Tray(iconPath);
  tray.setToolTip('Cargodesk');
  tray.on('click', () => showWindow());
  refreshMenus();
  startService({ port: settings.port ?? DEFAULT_PORT, dataDir: data.dir, clientDir: join(appRoot, 'dist', 'client') });
}

if (!app.requestSingleInstanceLock()) {
  app.quit(); // another Cargodesk runs: it gets 'second-instance' and shows its window
} else {
  app.on('second-instance', () => showWindow());
  app.on('before-quit', (event) => {
    if (quitting || !service?.child) return;
    // stop the service (HTTP server, database, log) before Electron exits
    event.preventDefault();
    quitting = true;
    service.stop();
    send({ type: 'stop' });
    setTimeout(() => {
      service?.child?.kill();
      app.exit(0);
    }, 15_000).unref();
  });
  app.on('window-all-closed', () => {
    if (!tray) app.quit();
  });
  app.whenReady().then(startup, (err: unknown) => {
    dialog.showErrorBox('Cargodesk', String(err));
    app.exit(1);
  });
}
