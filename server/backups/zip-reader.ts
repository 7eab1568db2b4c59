// Reads a zip written by archiver through yauzl (central directory, zip64, sizes checked while
// streaming) without holding it in memory, and checks each entry's CRC-32, which yauzl leaves to
// its caller. Anything else (encryption, other methods, names that climb out of the target folder)
// is refused as a damaged or foreign zip.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-data.js';

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export interface ZipReader {
  /** the entries of the central directory, in order */
  entries: ZipEntry[];
  /** writes one entry to `target`; fails with ZipError when its size or CRC-32 does not match */
  extract(entry: ZipEntry, target: string): Promise<void>;
  close(): void;
}

const damaged = (name: string, err: unknown) => (err instanceof ZipError ? err : new ZipError(`${name} is damaged (${(err as Error).message})`));

/** Opens a zip and reads its directory; throws ZipError when it is not a usable zip. */
export async function openZip(file: string): Promise<ZipReader> {
  // names are decoded here, not by yauzl: its own check would refuse `../x` before safeEntryPath can name it
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }).catch((err: Error) => {
    throw new ZipError(/end of central directory record signature not found/i.test(err.message) ? 'the file is not a zip' : `the zip is damaged or cut short (${err.message})`);
  });
  const found = new Map<ZipEntry, yauzl.Entry>();
  try {
    for await (const raw of zip.eachEntry()) {
      const entry: ZipEntry = {
        name: raw.fileNameRaw.toString('utf8'),
        crc: raw.crc32,
        compressedSize: raw.compressedSize,
        size: raw.uncompressedSize,
        localHeaderOffset: raw.relativeOffsetOfLocalHeader,
      };
      if (raw.isEncrypted()) throw new ZipError(`${entry.name} is encrypted`);
      if (raw.compressionMethod !== 0 && raw.compressionMethod !== 8) throw new ZipError(`${entry.name} uses an unknown compression`);
      found.set(entry, raw);
    }
  } catch (err) {
    zip.close();
    throw err instanceof ZipError ? err : new ZipError(`the zip directory is damaged (${(err as Error).message})`);
  }
  return {
    entries: [...found.keys()],
    async extract(entry, target) {
      const raw = found.get(entry);
      if (!raw) throw new Error(`${entry.name} is not an entry of ${file}`);
      await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      let crc = 0;
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          crc = crc32(chunk, crc);
          done(null, chunk);
        },
        flush(done) {
          done(crc >>> 0 === entry.crc ? null : new ZipError(`${entry.name} is damaged (checksum mismatch)`));
        },
      });
      const stream = await zip.openReadStreamPromise(raw).catch((err: unknown) => {
        throw damaged(entry.name, err);
      });
      await pipeline(stream, check, createWriteStream(target, { mode: PRIVATE_FILE_MODE })).catch((err: unknown) => {
        throw damaged(entry.name, err);
      });
    },
    close: () => zip.close(),
  };
}

/** The entries of a zip's central directory, in order. */
export async function listZip(file: string): Promise<ZipEntry[]> {
  const zip = await openZip(file);
  zip.close();
  return zip.entries;
}

/** A name safe to join under a folder: relative, forward slashes, no `..`, no drive letters. */
export function safeEntryPath(root: string, name: string): string | null {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  return join(root, ...parts);
}
