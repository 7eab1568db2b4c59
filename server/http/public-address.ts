// The address at which other devices on the office network reach the service, for links printed
// on paper (the QR code of a printed slip). The request's own Host is what the printing browser
// used, so it is the address to print, with two exceptions: a browser on the service's own PC (the
// desktop window) uses localhost, which a phone cannot open, so when the service listens on the LAN
// its LAN address is printed instead (desktop/main.ts shows the same addresses); and a Host that is
// not a plain host name or address, with an optional port, is not printed at all. Behind a reverse
// proxy that passes the Host on, the proxy's name is printed; `X-Forwarded-Proto: https` keeps its
// scheme.
import type { AppContext } from '../context.js';
import { lanAddresses } from '../lan.js';

const HOST_RE = /^(?<name>[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::(?<port>\d{1,5}))?$/;
const LOOPBACK_RE = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

export interface AddressFacts {
  /** the request's Host header (may be absent or hostile) */
  host: string | undefined;
  /** the request's X-Forwarded-Proto header */
  forwardedProto: string | undefined;
  /** the address the service listens on (HOST) */
  listenHost: string;
  /** the port the request arrived on */
  localPort: number;
  /** the LAN addresses of this computer for a port, private ones first (server/lan.ts) */
  lan?: (port: number) => string[];
}

/** The origin (`http://192.168.1.20:8080`) that a phone on the office network opens. */
export function addressForPhones({ host, forwardedProto, listenHost, localPort, lan = lanAddresses }: AddressFacts): string {
  const scheme = forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  const match = host ? HOST_RE.exec(host) : null;
  const port = match?.groups?.port ? Number(match.groups.port) : match ? (scheme === 'https' ? 443 : 80) : localPort;
  const name = match?.groups?.name;
  if (name && !LOOPBACK_RE.test(name)) return `${scheme}://${host}`;
  // localhost, or no usable Host: the LAN address when the service listens on the LAN
  const wildcard = WILDCARDS.has(listenHost);
  const listening = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  if (!wildcard && !LOOPBACK_RE.test(listening)) return `http://${listening}:${port}`;
  const [first] = wildcard ? lan(port) : [];
  if (first) return first;
  return name ? `${scheme}://${host}` : `http://${wildcard ? 'localhost' : listening}:${port}`;
}

/** `addressForPhones` for a request: the origin plus the client's path of a record. */
export function recordAddress(ctx: AppContext, path: string): string {
  const origin = addressForPhones({
    host: ctx.get('host') || undefined,
    forwardedProto: ctx.get('x-forwarded-proto') || undefined,
    listenHost: ctx.deps.config.host,
    localPort: ctx.req.socket.localPort ?? ctx.deps.config.port,
  });
  return origin + path;
}
