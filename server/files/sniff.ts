// What a file really is, judged by its first bytes rather than its name or declared type.
import { open } from 'node:fs/promises';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'bmp' | 'zip' | 'executable' | 'other';

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'tiff', 'bmp'];

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((byte, i) => b[at + i] === byte);
const ascii = (b: Buffer, text: string, at = 0) => b.subarray(at, at + text.length).toString('latin1') === text;

export function kindOfBytes(head: Buffer): FileKind {
  if (ascii(head, '%PDF-')) return 'pdf';
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'webp';
  if (starts(head, [0x49, 0x49, 0x2a, 0x00]) || starts(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, 'BM') && head.length >= 26) return 'bmp';
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (
    ascii(head, 'MZ') || // Windows PE
    starts(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    starts(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    starts(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    starts(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O
    ascii(head, '#!') // scripts
  )
    return 'executable';
  return 'other';
}

export async function kindOfFile(path: string): Promise<FileKind> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    return kindOfBytes(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Extensions refused whatever the bytes say, because opening such a file on Windows or Linux runs
 * code: programs and scripts, Office documents with macros, and disk images (which Windows mounts
 * with a double-click, showing the programs inside). docs/security.md quotes this list; a test
 * keeps the two equal.
 */
export const REFUSED_EXTENSIONS = {
  program: [
    'app',
    'appimage',
    'appx',
    'appxbundle',
    'apk',
    'application',
    'bash',
    'bat',
    'bin',
    'chm',
    'cmd',
    'com',
    'command',
    'cpl',
    'csh',
    'deb',
    'desktop',
    'diagcab',
    'dll',
    'drv',
    'exe',
    'gadget',
    'hlp',
    'hta',
    'inf',
    'jar',
    'js',
    'jse',
    'ksh',
    'lnk',
    'msc',
    'msi',
    'msix',
    'msixbundle',
    'msp',
    'mst',
    'ocx',
    'pif',
    'pkg',
    'pl',
    'ps1',
    'ps1xml',
    'ps2',
    'psc1',
    'psd1',
    'psm1',
    'py',
    'pyc',
    'pyw',
    'pyz',
    'rb',
    'reg',
    'rpm',
    'run',
    'scf',
    'scr',
    'settingcontent-ms',
    'sh',
    'sys',
    'url',
    'vb',
    'vbe',
    'vbs',
    'ws',
    'wsc',
    'wsf',
    'wsh',
    'zsh',
  ],
  macro: ['docm', 'dotm', 'potm', 'ppam', 'ppsm', 'pptm', 'sldm', 'xla', 'xlam', 'xlsb', 'xlsm', 'xltm'],
  'disk image': ['dmg', 'img', 'iso', 'vhd', 'vhdx'],
} as const;

export type RefusedKind = keyof typeof REFUSED_EXTENSIONS;

const REFUSED_BY_EXTENSION = new Map<string, RefusedKind>(Object.entries(REFUSED_EXTENSIONS).flatMap(([kind, list]) => list.map((ext) => [ext, kind as RefusedKind] as const)));

/** Why a file with this extension (lower case, no dot) is refused, or null. */
export function refusedExtension(extension: string): RefusedKind | null {
  return REFUSED_BY_EXTENSION.get(extension.toLowerCase()) ?? null;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Every type a stored file is sent with: its extension's (CONTENT_TYPES), else octet-stream. */
export const STORED_FILE_TYPES = [...new Set(Object.values(CONTENT_TYPES).map((t) => t.split(';')[0]!)), 'application/octet-stream'];

/** Types a browser may show inline without any risk of running script in our origin. */
const INLINE_SAFE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

export function contentTypeOf(extension: string): { type: string; inline: boolean } {
  const ext = extension.toLowerCase();
  return { type: CONTENT_TYPES[ext] ?? 'application/octet-stream', inline: INLINE_SAFE.has(ext) };
}
