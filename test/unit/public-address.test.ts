// Which address a printed QR code carries (server/http/public-address.ts), for every way the service
// may listen and be reached, with this computer's LAN addresses given.
import { describe, expect, it } from 'vitest';
import { addressForPhones } from '../../server/http/public-address.js';

const lan = (port: number) => [`http://192.168.1.20:${port}`, `http://10.0.0.5:${port}`];
const none = () => [];
const facts = { forwardedProto: undefined, localPort: 8080, lan };

describe('addressForPhones', () => {
  it('keeps the Host a browser on the network used', () => {
    expect(addressForPhones({ ...facts, host: '192.168.1.20:8080', listenHost: '0.0.0.0' })).toBe('http://192.168.1.20:8080');
    expect(addressForPhones({ ...facts, host: 'warehouse-pc:8080', listenHost: '0.0.0.0' })).toBe('http://warehouse-pc:8080');
    expect(addressForPhones({ ...facts, host: '[fe80::1]:8080', listenHost: '::' })).toBe('http://[fe80::1]:8080');
  });

  it('replaces localhost by the first LAN address when the service listens on every interface', () => {
    expect(addressForPhones({ ...facts, host: 'localhost:8080', listenHost: '0.0.0.0' })).toBe('http://192.168.1.20:8080');
    expect(addressForPhones({ ...facts, host: '127.0.0.1:9000', listenHost: '::' })).toBe('http://192.168.1.20:9000');
    expect(addressForPhones({ ...facts, host: 'localhost:8080', listenHost: '0.0.0.0', lan: none })).toBe('http://localhost:8080');
  });

  it('uses the address the service listens on when it is one LAN address', () => {
    expect(addressForPhones({ ...facts, host: 'localhost:8080', listenHost: '10.0.0.5' })).toBe('http://10.0.0.5:8080');
  });

  it('keeps localhost when the service listens on this computer only', () => {
    expect(addressForPhones({ ...facts, host: 'localhost:8080', listenHost: '127.0.0.1' })).toBe('http://localhost:8080');
  });

  it('behind a proxy: its name, its port and https when it forwards that', () => {
    expect(addressForPhones({ ...facts, host: 'desk.example.com', listenHost: '127.0.0.1', forwardedProto: 'https' })).toBe('https://desk.example.com');
    expect(addressForPhones({ ...facts, host: 'desk.example.com', listenHost: '127.0.0.1', forwardedProto: 'http, https' })).toBe('http://desk.example.com');
  });

  it('ignores a Host that is not a host name or address with a port', () => {
    for (const host of ['evil"><script>', 'a b', 'x'.repeat(300), 'user@host', 'host:99999999', undefined])
      expect(addressForPhones({ ...facts, host, listenHost: '0.0.0.0' }), String(host)).toBe('http://192.168.1.20:8080');
    expect(addressForPhones({ ...facts, host: 'evil"><', listenHost: '127.0.0.1' })).toBe('http://127.0.0.1:8080');
  });
});
