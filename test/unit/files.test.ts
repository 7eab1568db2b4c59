import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/http/download.js';
import { FileStore } from '../../server/files/file-store.js';
import { kindOfBytes } from '../../server/files/sniff.js';

const bytes = (...values: (number | string)[]) => Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('kindOfBytes', () => {
  it('recognises documents and images by their first bytes', () => {
    expect(kindOfBytes(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(kindOfBytes(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBe('png');
    expect(kindOfBytes(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(kindOfBytes(bytes('GIF89a'))).toBe('gif');
    expect(kindOfBytes(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(kindOfBytes(bytes('II*', 0))).toBe('tiff');
    expect(kindOfBytes(bytes('MM', 0, '*'))).toBe('tiff');
    expect(kindOfBytes(bytes('PK', 3, 4, 20, 0))).toBe('zip');
  });

  it('recognises programs and scripts', () => {
    expect(kindOfBytes(bytes('MZ', 0x90, 0))).toBe('executable');
    expect(kindOfBytes(bytes(0x7f, 'ELF', 2, 1))).toBe('executable');
    expect(kindOfBytes(bytes(0xcf, 0xfa, 0xed, 0xfe))).toBe('executable');
    expect(kindOfBytes(bytes('#!/bin/sh\n'))).toBe('executable');
  });

  it('calls anything else other', () => {
    expect(kindOfBytes(bytes('hello'))).toBe('other');
    expect(kindOfBytes(Buffer.alloc(0))).toBe('other');
  });
});

describe('contentDisposition', () => {
  it('sends an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', '营业执照 2026.pdf')).toBe(`attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%202026.pdf`);
    expect(contentDisposition('attachment', 'a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(contentDisposition('inline')).toBe('inline');
  });
});

describe('FileStore', () => {
  const store = new FileStore('/data/files');

  it('maps only urls it writes to paths inside their area', () => {
    const name = store.newStoredName('扫描件.PDF');
    expect(name).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
    expect(store.pathOf(`uploads/${name}`)).toBe(`/data/files/uploads/${name}`);
    expect(store.pathOf(`uploads/${name}`, 'contract-files')).toBe(`/data/files/uploads/${name}`);
    expect(store.pathOf(`uploads/${name}`, 'company-files')).toBeNull();
    for (const url of ['../x', 'uploads/../x', 'uploads/..', 'tmp/AbCdEfGhIjKlMnOpQrStUv', '/etc/passwd', 'uploads/a/b', `uploads\\${name}`]) {
      expect(store.pathOf(url), url).toBeNull();
    }
  });

  it('drops an extension that is not plain letters and digits', () => {
    expect(store.newStoredName('x.tar.g z')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(store.newStoredName('noextension')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
