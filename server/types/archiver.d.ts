// The part of archiver 5 the backups use (the package ships no types).
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';
  interface EntryData {
    name: string;
    date?: Date;
    /** stored without compression */
    store?: boolean;
  }
  export interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
    abort(): this;
  }
  export default function archiver(format: 'zip', options?: { zlib?: { level?: number }; forceZip64?: boolean }): Archiver;
}
