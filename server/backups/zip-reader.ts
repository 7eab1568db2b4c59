// Reads a zip written by archiver (deflate or stored entries, zip64 when large) without holding it
// in memory: the central directory is parsed, then each entry is streamed out, its size and CRC-32
// checked against the directory. Anything else (encryption, other methods, names that climb out of
// the target folder) is refused as a damaged or foreign zip.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-data.js';

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipError('the zip is cut short');
  return buffer;
}

const u64 = (b: Buffer, at: number): number => Number(b.readBigUInt64LE(at));

/** The entries of the central directory, in order. */
export async function listZip(file: string): Promise<ZipEntry[]> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const tailLength = Math.min(size, 22 + 0xffff + 20);
    if (tailLength < 22) throw new ZipError('the file is not a zip');
    const tail = await readAt(fh, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new ZipError('the file is not a zip or is cut short (no end of central directory)');
    let count = tail.readUInt16LE(at + 10);
    let cdSize = tail.readUInt32LE(at + 12);
    let cdOffset = tail.readUInt32LE(at + 16);
    if (at >= 20 && tail.readUInt32LE(at - 20) === EOCD64_LOCATOR) {
      const eocd64 = await readAt(fh, u64(tail, at - 20 + 8), 56);
      if (eocd64.readUInt32LE(0) !== EOCD64) throw new ZipError('the zip64 directory is damaged');
      count = u64(eocd64, 32);
      cdSize = u64(eocd64, 40);
      cdOffset = u64(eocd64, 48);
    }
    if (cdOffset + cdSize > size) throw new ZipError('the zip is cut short (central directory beyond the end)');
    const cd = await readAt(fh, cdOffset, cdSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new ZipError('the zip directory is damaged');
      const flags = cd.readUInt16LE(p + 8);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
        method: cd.readUInt16LE(p + 10),
        crc: cd.readUInt32LE(p + 16),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        localHeaderOffset: cd.readUInt32LE(p + 42),
      };
      // zip64 extra field: the 64-bit values of the fields that hold 0xffffffff, in this order
      let e = p + 46 + nameLength;
      const extraEnd = e + extraLength;
      while (e + 4 <= extraEnd) {
        const id = cd.readUInt16LE(e);
        const length = cd.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (entry.size === 0xffffffff) (entry.size = u64(cd, q)), (q += 8);
          if (entry.compressedSize === 0xffffffff) (entry.compressedSize = u64(cd, q)), (q += 8);
          if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = u64(cd, q);
        }
        e += 4 + length;
      }
      if (flags & 0x1) throw new ZipError(`${entry.name} is encrypted`);
      if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`${entry.name} uses an unknown compression`);
      entries.push(entry);
      p = extraEnd + commentLength;
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** The uncompressed bytes of one entry; the stream fails when its size or CRC-32 does not match. */
export async function openEntry(file: string, entry: ZipEntry): Promise<Readable> {
  const fh = await open(file, 'r');
  let header: Buffer;
  try {
    header = await readAt(fh, entry.localHeaderOffset, 30);
  } finally {
    await fh.close();
  }
  if (header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name} is damaged (no local header)`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let crc = 0;
  let size = 0;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (size > entry.size) done(new ZipError(`${entry.name} is damaged (longer than recorded)`));
      else done(null, chunk);
    },
    flush(done) {
      if (size !== entry.size) done(new ZipError(`${entry.name} is damaged (shorter than recorded)`));
      else if (crc >>> 0 !== entry.crc) done(new ZipError(`${entry.name} is damaged (checksum mismatch)`));
      else done();
    },
  });
  if (entry.compressedSize === 0) return check.end() as Transform; // a stored empty entry
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 1 << 20 });
  const source = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  const fail = (err: Error) => check.destroy(err instanceof ZipError ? err : new ZipError(`${entry.name} is damaged (${err.message})`));
  raw.on('error', fail);
  source.on('error', fail);
  return source.pipe(check);
}

/** Writes one entry to `target`, verifying it on the way. */
export async function extractEntry(file: string, entry: ZipEntry, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  await pipeline(await openEntry(file, entry), createWriteStream(target, { mode: PRIVATE_FILE_MODE }));
}

/** A name safe to join under a folder: relative, forward slashes, no `..`, no drive letters. */
export function safeEntryPath(root: string, name: string): string | null {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  return join(root, ...parts);
}
