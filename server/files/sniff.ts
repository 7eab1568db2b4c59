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

/** Extensions that run code when opened on Windows or Linux: refused whatever the bytes say. */
export const EXECUTABLE_EXTENSIONS = new Set([
  'exe', 'dll', 'com', 'bat', 'cmd', 'msi', 'msp', 'scr', 'pif', 'cpl', 'ps1', 'psm1', 'vbs', 'vbe', 'js', 'jse',
  'wsf', 'wsh', 'hta', 'jar', 'sh', 'bash', 'run', 'bin', 'appimage', 'deb', 'rpm', 'apk', 'app', 'lnk', 'reg',
]);

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

/** Types a browser may show inline without any risk of running script in our origin. */
const INLINE_SAFE = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

export function contentTypeOf(extension: string): { type: string; inline: boolean } {
  const ext = extension.toLowerCase();
  return { type: CONTENT_TYPES[ext] ?? 'application/octet-stream', inline: INLINE_SAFE.has(ext) };
}
