// Preload of the sandboxed window: CommonJS (sandboxed preloads cannot be ES modules) and only
// `electron` may be required, so the channel names are repeated here; test/desktop checks that
// they match desktop/api.ts.
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi } from './api.js';

const api: DesktopApi = {
  openDataFolder: () => ipcRenderer.invoke('cargodesk:open-data-folder'),
  lanAddresses: () => ipcRenderer.invoke('cargodesk:lan-addresses'),
  print: () => ipcRenderer.invoke('cargodesk:print'),
};

contextBridge.exposeInMainWorld('cargodesk', api);
