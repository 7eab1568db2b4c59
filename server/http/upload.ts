// Multipart uploads: multer streams every file to the temp folder on disk (never into memory),
// then each file's type is judged by its bytes against the route's policy. Whatever happens
// later in the request, temp files that were not moved into an area are deleted.
import multer from '@koa/multer';
import { MulterError } from 'multer';
import type { Middleware } from 'koa';
import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FileStore, UploadedFile } from '../files/file-store.js';
import { IMAGE_KINDS, contentTypeOf, kindOfFile, refusedExtension, type FileKind } from '../files/sniff.js';
import { HttpError, invalid, tooLarge } from './errors.js';
import { said } from '../../shared/messages.js';

const MB = 1024 * 1024;

export interface UploadPolicy {
  /** pdf-or-image: contract scans; document: anything but executables; xlsx: a spreadsheet */
  accept: 'pdf-or-image' | 'document' | 'xlsx';
  maxFileSize: number;
  maxFiles: number;
  /** field names files may arrive in */
  fields: readonly string[] | RegExp;
  /** true when the route takes multipart only (no JSON alternative) */
  required?: boolean;
}

export const CONTRACT_SCANS = { accept: 'pdf-or-image', maxFileSize: 10 * MB, maxFiles: 20, fields: ['files'] } as const;
export const DOCUMENTS = { accept: 'document', maxFileSize: 50 * MB, maxFiles: 200, fields: ['files'] } as const;
export const SPREADSHEET = { accept: 'xlsx', maxFileSize: 50 * MB, maxFiles: 1, fields: ['file'], required: true } as const;

const CANONICAL_EXTENSION: Partial<Record<FileKind, string>> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tif',
  bmp: 'bmp',
};

/**
 * The original name as shown and offered for download: path separators, control characters and
 * bidirectional overrides (which can make "x\u202efdp.exe" read as "xexe.pdf") become "_".
 * Trailing dots and spaces go, as Windows drops them when it saves the file: "run.bat." is
 * "run.bat", so the extension checked is the one Windows would use.
 */
export function safeName(name: string): string {
  return (
    name
      .replace(/[\\/\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_')
      .replace(/[\s.]+$/, '')
      .trim()
      .slice(-200) || 'file'
  );
}

const sizeText = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function fieldAllowed(policy: UploadPolicy, field: string): boolean {
  return Array.isArray(policy.fields) ? policy.fields.includes(field) : (policy.fields as RegExp).test(field);
}

function multerError(err: { code?: string; field?: string }, policy: UploadPolicy): HttpError {
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return tooLarge(
        said(
          `a file is larger than ${sizeText(policy.maxFileSize)}; each file may be at most ${sizeText(policy.maxFileSize)}`,
          `有文件超过 ${sizeText(policy.maxFileSize)}；每个文件最大 ${sizeText(policy.maxFileSize)}`,
        ),
      );
    case 'LIMIT_FILE_COUNT':
      return invalid(said(`too many files: at most ${policy.maxFiles} per request`, `文件太多：每次最多 ${policy.maxFiles} 个`));
    case 'LIMIT_UNEXPECTED_FILE':
      return invalid(said(`files are not accepted in the field "${err.field ?? ''}"`, `字段“${err.field ?? ''}”不接受文件`));
    case 'LIMIT_FIELD_VALUE':
      return tooLarge(said(`the form field "${err.field ?? ''}" is larger than 1 MB`, `表单字段“${err.field ?? ''}”超过 1 MB`));
    default:
      return invalid(said('the multipart form could not be read; send it again', '无法读取上传的表单；请重新发送'));
  }
}

function checkKind(file: UploadedFile, kind: FileKind, policy: UploadPolicy): void {
  const name = `"${file.originalName}"`;
  if (file.size === 0) throw invalid(said(`${name} is empty`, `${name} 是空文件`));
  const refused = kind === 'executable' ? 'program' : refusedExtension(file.extension);
  if (refused === 'program') throw invalid(said(`${name} is a program; programs cannot be uploaded`, `${name} 是程序文件；不能上传程序`));
  if (refused === 'macro')
    throw invalid(
      said(
        `${name} holds macros, which run code when it is opened; save it without macros (.xlsx, .docx, .pptx) and upload again`,
        `${name} 含有宏，打开时会运行代码；请另存为不含宏的格式（.xlsx、.docx、.pptx）后重新上传`,
      ),
    );
  if (refused === 'disk image')
    throw invalid(said(`${name} is a disk image, which can hold programs; disk images cannot be uploaded`, `${name} 是磁盘映像，可能包含程序；不能上传磁盘映像`));
  if (policy.accept === 'pdf-or-image' && kind !== 'pdf' && !IMAGE_KINDS.includes(kind))
    throw invalid(
      said(`${name} is not a PDF or an image (judged by its content); scan it to PDF, JPEG or PNG`, `${name} 不是 PDF 或图片（按文件内容判断）；请扫描为 PDF、JPEG 或 PNG`),
    );
  if (policy.accept === 'xlsx' && kind !== 'zip')
    throw invalid(said(`${name} is not an Excel .xlsx workbook; save it as .xlsx and upload again`, `${name} 不是 Excel .xlsx 工作簿；请另存为 .xlsx 后重新上传`));
}

export function uploadMiddleware(store: FileStore, policy: UploadPolicy): Middleware {
  const parser = multer({
    storage: multer.diskStorage({
      destination: store.tempDir,
      filename: (_req, _file, cb) => cb(null, `upload-${randomBytes(12).toString('hex')}`),
    }),
    limits: { fileSize: policy.maxFileSize, files: policy.maxFiles, fields: 200, fieldSize: MB, parts: policy.maxFiles + 200 },
    defParamCharset: 'utf8',
    fileFilter: (_req, file, cb) => {
      if (fieldAllowed(policy, file.fieldname)) cb(null, true);
      else (cb as (error: Error) => void)(new MulterError('LIMIT_UNEXPECTED_FILE', file.fieldname));
    },
  } as multer.Options).any();

  return async (ctx, next) => {
    if (!ctx.is('multipart')) {
      if (policy.required) throw invalid(said('send this form as multipart/form-data with the file attached', '请以 multipart/form-data 表单发送，并附上文件'));
      return next();
    }
    try {
      await parser(ctx as never, async () => undefined);
    } catch (err) {
      throw err instanceof HttpError ? err : multerError(err as { code?: string }, policy);
    }
    const received = (ctx.files as unknown as multer.File[] | undefined) ?? [];
    const files: UploadedFile[] = [];
    try {
      for (const f of received) {
        const kind = await kindOfFile(f.path);
        const originalName = safeName(f.originalname);
        const nameExtension = extname(originalName).slice(1).toLowerCase();
        const extension = CANONICAL_EXTENSION[kind] ?? (kind === 'zip' && policy.accept === 'xlsx' ? 'xlsx' : nameExtension);
        const file: UploadedFile = {
          field: f.fieldname,
          originalName,
          tempPath: f.path,
          size: f.size,
          extension,
          mimeType: contentTypeOf(extension).type.split(';')[0]!,
        };
        checkKind({ ...file, extension: nameExtension }, kind, policy);
        files.push(file);
      }
      ctx.state.files = files;
      await next();
    } finally {
      await Promise.all(received.map((f) => rm(f.path, { force: true })));
    }
  };
}
