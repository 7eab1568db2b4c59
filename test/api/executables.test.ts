// Executables are refused by content and by the name Windows would use (server/files/sniff.ts,
// server/http/upload.ts): trailing dots and spaces are dropped before the extension is checked,
// and the list of refused extensions in docs/security.md is the one the code uses.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_EXTENSIONS } from '../../server/files/sniff.js';
import { sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { dbFingerprint, storedFiles } from '../helpers/reliability.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

/** Company files take any document; each refusal must leave no row and no file. */
async function refusedUpload(name: string, bytes: Uint8Array, message: string) {
  const rows = await dbFingerprint(app.server.db);
  const files = await storedFiles(app.dataDir);
  const res = await app.upload('POST', '/api/company/files/upload', { token, files: [['files', name, bytes]] });
  expect(res.status, name).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.message, name).toBe(message);
  expect(await dbFingerprint(app.server.db)).toEqual(rows);
  expect(await storedFiles(app.dataDir)).toEqual(files);
}

describe('executables', () => {
  it('refuses a program whose name ends in dots or spaces, which Windows drops ("run.bat." saves as run.bat)', async () => {
    for (const name of ['run.bat.', 'run.bat ', 'run.bat. . ', 'setup.exe...']) {
      const shown = name.replace(/[ .]+$/, '');
      await refusedUpload(name, sampleFiles.text(), `"${shown}" is a program; programs cannot be uploaded`);
    }
  });

  it('refuses scripts, shortcuts, help files, macro documents and disk images by extension, whatever their bytes', async () => {
    for (const name of ['x.py', 'x.url', 'x.chm', 'x.js', 'x.vbs', 'x.ps1', 'x.cmd', 'x.hta', 'x.lnk', 'x.reg', 'x.msi', 'x.scr', 'x.jar', 'x.appx', 'X.PY']) {
      await refusedUpload(name, sampleFiles.text(), `"${name}" is a program; programs cannot be uploaded`);
    }
    for (const name of ['x.xlsm', 'x.docm', 'x.pptm']) {
      await refusedUpload(name, sampleFiles.text(), `"${name}" holds macros, which run code when it is opened; save it without macros (.xlsx, .docx, .pptx) and upload again`);
    }
    for (const name of ['x.iso', 'x.img', 'x.vhd']) {
      await refusedUpload(name, sampleFiles.text(), `"${name}" is a disk image, which can hold programs; disk images cannot be uploaded`);
    }
  });

  it('refuses programs by content whatever their name (a Windows program renamed .pdf, a script renamed .txt)', async () => {
    await refusedUpload('invoice.pdf', sampleFiles.exe(), '"invoice.pdf" is a program; programs cannot be uploaded');
    await refusedUpload('notes.txt', new TextEncoder().encode('#!/bin/sh\nrm -rf ~\n'), '"notes.txt" is a program; programs cannot be uploaded');
  });

  it('stores and offers a harmless file under the name Windows would use (trailing dots and spaces dropped)', async () => {
    const res = await app.upload('POST', '/api/company/files/upload', { token, files: [['files', 'notes.txt. ', sampleFiles.text()]] });
    expect(res.status, res.body.message).toBe(200);
    const [file] = res.body.data as { id: number; fileName: string; fileUrl: string }[];
    expect(file!.fileName).toBe('notes.txt');
    expect(file!.fileUrl).toMatch(/^company\/[A-Za-z0-9_-]{22}\.txt$/);
    const download = await fetch(`${app.url}/api/company/files/${file!.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
  });

  it('docs/security.md lists exactly the refused extensions of the code', async () => {
    const doc = await readFile(new URL('../../docs/security.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Executables'), doc.indexOf('\n## ', doc.indexOf('## Executables') + 1));
    for (const [kind, list] of Object.entries(REFUSED_EXTENSIONS)) {
      const line = section.split('\n').find((l) => l.startsWith(`- **${kind}**`));
      expect(line, kind).toBeDefined();
      const listed = [...line!.matchAll(/`\.([a-z0-9-]+)`/g)].map((m) => m[1]);
      expect(listed, kind).toEqual([...list]);
    }
  });
});
