// The locked-down window: context isolation, sandbox, no node integration, navigation only to the
// service's origin, new windows denied (web links open in the system browser), no webviews, no
// permissions, and IPC answered only for the service's own pages.
import type { IpcMainInvokeEvent, WebContents, WebPreferences } from 'electron';
import { canOpenExternally, isTrustedUrl } from './trusted-url.js';

export function secureWebPreferences(preload?: string): WebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    ...(preload ? { preload } : {}),
  };
}

export function lockDown(contents: WebContents, origin: () => string, openExternal: (url: string) => void): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isTrustedUrl(url, origin())) return;
    event.preventDefault();
    if (canOpenExternally(url)) openExternal(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // printable pages and downloads of the service open in the window's own origin only by navigation
    if (canOpenExternally(url)) openExternal(url);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

/** True when an IPC call comes from a page of the service (not from some other origin). */
export function fromService(event: IpcMainInvokeEvent, origin: string): boolean {
  return isTrustedUrl(event.senderFrame?.url ?? '', origin);
}
