// The addresses other PCs on the office network can open: http://<IPv4>:<port>, private
// (192.168.x, 10.x, 172.16-31.x) first, then the other non-internal IPv4 addresses.
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

const PRIVATE = [/^192\.168\./, /^10\./, /^172\.(1[6-9]|2\d|3[01])\./];

export function lanAddresses(port: number, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const ips = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      // Node 18.0-18.3 reported family as a number
      const v4 = info.family === 'IPv4' || (info.family as unknown) === 4;
      if (v4 && !info.internal && !info.address.startsWith('169.254.')) ips.add(info.address);
    }
  }
  const rank = (ip: string) => (PRIVATE.some((re) => re.test(ip)) ? 0 : 1);
  return [...ips].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true })).map((ip) => `http://${ip}:${port}`);
}
