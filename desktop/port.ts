// The port the service listens on: 8080 unless the user picked another after "port taken".
import { createServer } from 'node:net';

export const DEFAULT_PORT = 8080;

/** True when nothing listens on `port` at `host` (all interfaces by default). */
export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The first free port after `taken` (at most `tries` ports), to suggest in the dialog. */
export async function suggestPort(taken: number, host = '0.0.0.0', tries = 50): Promise<number | null> {
  for (let port = taken + 1; port <= Math.min(65535, taken + tries); port++) {
    if (await isPortFree(port, host)) return port;
  }
  return null;
}

/** Reads a port typed by the user: a whole number from 1024 to 65535, else null. */
export function parsePort(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const port = Number(trimmed);
  return port >= 1024 && port <= 65535 ? port : null;
}
