// The small API the preload script gives the client (window.cargodesk), and its IPC channels.
export interface DesktopApi {
  /** opens the data folder in the system's file manager */
  openDataFolder(): Promise<void>;
  /** the addresses other PCs on the LAN can open, e.g. http://192.168.1.20:8080 */
  lanAddresses(): Promise<string[]>;
  /** prints the current page */
  print(): Promise<void>;
}

export const CHANNELS = {
  openDataFolder: 'cargodesk:open-data-folder',
  lanAddresses: 'cargodesk:lan-addresses',
  print: 'cargodesk:print',
} as const satisfies Record<keyof DesktopApi, string>;
