// Hostile .xlsx workbooks built at run time with archiver (no binary fixtures): the parts of a
// minimal workbook, in the order and with the content a test chooses, some of them streamed from a
// generator so a part can unpack to far more than the test ever holds in memory.
import archiver from 'archiver';
import { Readable } from 'node:stream';
import { constants, type ZlibOptions } from 'node:zlib';

export const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A part's text, or a generator of its text in pieces. */
type Content = string | (() => Iterable<string>);

export interface Part {
  name: string;
  content: Content;
}

export const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
export const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A cell holding `value`: text as an inline string, numbers as numbers; `ref` like "B2". */
export const cell = (ref: string, value: string | number) =>
  typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;

export const letters = (col: number) => {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** A row of cells from column A on; an empty value (null, undefined, '') leaves its cell out. */
export const row = (r: number, values: (string | number | null | undefined)[]) =>
  `<row r="${r}">${values.map((v, i) => (v === null || v === undefined || v === '' ? '' : cell(`${letters(i + 1)}${r}`, v))).join('')}</row>`;

/** A worksheet part whose sheetData is `rows` (text, or pieces of text). */
export function sheet(rows: Content): Content {
  const head = `${xml(`<worksheet xmlns="${MAIN}" xmlns:r="${REL}">`)}<sheetData>`;
  const tail = '</sheetData></worksheet>';
  if (typeof rows === 'string') return head + rows + tail;
  return function* () {
    yield head;
    yield* rows();
    yield tail;
  };
}

/** The package parts every workbook needs (content types, relationships, the workbook itself). */
export function frame(withSharedStrings: boolean): Part[] {
  return [
    {
      name: '[Content_Types].xml',
      content: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${withSharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
      ),
    },
    { name: '_rels/.rels', content: xml(`<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', content: xml(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${withSharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
      ),
    },
  ];
}

/**
 * The zip of `parts`, in that order, deflated with `zlib`'s options (the smallest by default; level 1
 * is the fastest, and Z_RLE the fastest for a run of one character, as small as level 9 there).
 */
export async function zip(parts: Part[], zlib: ZlibOptions = { level: 9 }): Promise<Uint8Array> {
  const archive = archiver('zip', { zlib });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const { name, content } of parts) archive.append(typeof content === 'string' ? content : Readable.from(content()), { name });
  await archive.finalize();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** `count` copies of `text`, in pieces of about 1 MB. */
export function* repeat(text: string, count: number): Generator<string> {
  const perPiece = Math.max(1, Math.floor(2 ** 20 / text.length));
  for (let done = 0; done < count; done += perPiece) yield text.repeat(Math.min(perPiece, count - done));
}

const HEADER = ['commodity', 'quantity'];

/** A well-formed workbook of `lines` detail lines, built by the same means as the bombs. */
export const smallWorkbook = (lines: number) =>
  zip([
    ...frame(false),
    { name: 'xl/worksheets/sheet1.xml', content: sheet(() => [row(1, HEADER), ...Array.from({ length: lines }, (_, i) => row(i + 2, [`item ${i + 1}`, i + 1]))]) },
  ]);

/** The hostile workbooks of issue 19, each just past the bound that refuses it. */
export const bombs = {
  /** xl/sharedStrings.xml of `count` empty `<si/>` entries, before the sheet */
  sharedStrings: (count = 2_000_000) =>
    zip([
      ...frame(true),
      { name: 'xl/sharedStrings.xml', content: () => [xml(`<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`), ...repeat('<si/>', count), '</sst>'] },
      { name: 'xl/worksheets/sheet1.xml', content: sheet(row(1, HEADER) + row(2, ['copper', 1])) },
    ]),
  /** a worksheet that unpacks to `bytes` (spaces after its first rows); stored before sharedStrings, or in a workbook without them */
  entry: (withSharedStrings: boolean, bytes = 130 * 2 ** 20) =>
    zip(
      [
        ...frame(withSharedStrings),
        { name: 'xl/worksheets/sheet1.xml', content: sheet(() => [row(1, HEADER), row(2, ['copper', 1]), ...repeat(' ', bytes)]) },
        ...(withSharedStrings ? [{ name: 'xl/sharedStrings.xml', content: xml(`<sst xmlns="${MAIN}" count="0" uniqueCount="0"></sst>`) }] : []),
      ],
      { level: 9, strategy: constants.Z_RLE },
    ),
  /** a header, one line, then `count` empty rows */
  rows: (count = 3_000_000) =>
    zip([...frame(false), { name: 'xl/worksheets/sheet1.xml', content: sheet(() => [row(1, HEADER), row(2, ['copper', 1]), ...repeat('<row/>', count)]) }]),
  /** a line with a cell far to the right: column 16,384 (XFD, Excel's last) or past it */
  farColumn: (ref: 'XFD2' | 'XFE2') =>
    zip([...frame(false), { name: 'xl/worksheets/sheet1.xml', content: sheet(row(1, HEADER) + `<row r="2">${cell('A2', 'copper')}${cell('B2', 1)}${cell(ref, 'x')}</row>`) }]),
  /** a line followed by `count` cells, one per column */
  manyColumns: (count = 5000) =>
    zip([...frame(false), { name: 'xl/worksheets/sheet1.xml', content: sheet(row(1, HEADER) + row(2, ['copper', 1, ...Array.from({ length: count }, () => 'x')])) }]),
};
