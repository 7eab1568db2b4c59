// Files in the client: a drop zone that checks size and type before anything is sent, an upload
// with progress (XMLHttpRequest: fetch has no upload progress), a preview of PDFs and images in
// the window, and downloads under the original name. Every multipart route uses these.
import { InboxOutlined } from '@ant-design/icons';
import { App, Modal, Progress, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { ApiError, NetworkError, refreshTokens, serviceHeaders, validToken } from '../api/client';
import { useT } from '../i18n';
import { withProgress, type WorkProgress } from './progress';

const MB = 1024 * 1024;

/** What a route accepts, as the server judges it (the server checks the bytes again). */
export const FILE_RULES = {
  /** contract scans: PDF or image, 10 MB, 20 files */
  scans: { accept: '.pdf,.png,.jpg,.jpeg,.gif,.webp,.tif,.tiff,.bmp', maxSize: 10 * MB, maxCount: 20 },
  /** documents: anything but programs, 50 MB */
  documents: { accept: undefined, maxSize: 50 * MB, maxCount: 200 },
  /** one .xlsx workbook */
  spreadsheet: { accept: '.xlsx', maxSize: 50 * MB, maxCount: 1 },
} as const;
export type FileRule = (typeof FILE_RULES)[keyof typeof FILE_RULES];

const PROGRAM_EXTENSIONS = /\.(exe|dll|com|bat|cmd|msi|scr|ps1|vbs|js|jar|sh|app|apk|deb|rpm|lnk|reg)$/i;

function allowed(file: File, rule: FileRule): boolean {
  if (PROGRAM_EXTENSIONS.test(file.name)) return false;
  if (!rule.accept) return true;
  const name = file.name.toLowerCase();
  return rule.accept.split(',').some((ext) => name.endsWith(ext));
}

export interface FileDropzoneProps {
  rule: FileRule;
  value: File[];
  onChange(files: File[]): void;
  /** at most this many (default: the rule's count) */
  maxCount?: number;
}

/** Collects files (drag and drop or click); refuses wrong types and sizes with a translated message. */
export function FileDropzone({ rule, value, onChange, maxCount = rule.maxCount }: FileDropzoneProps) {
  const t = useT();
  const { message } = App.useApp();
  const list: UploadFile[] = value.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, size: f.size, status: 'done' }));
  return (
    <Upload.Dragger
      multiple={maxCount > 1}
      accept={rule.accept}
      fileList={list}
      beforeUpload={(file, batch) => {
        // antd calls this once per file of a drop; handle the whole drop on its first file
        if (file !== batch[0]) return false;
        const ok: File[] = [];
        for (const f of batch) {
          if (!allowed(f, rule)) message.error(t('files.wrongType', { name: f.name }));
          else if (f.size > rule.maxSize) message.error(t('files.tooLarge', { name: f.name, max: Math.round(rule.maxSize / MB) }));
          else if (f.size === 0) message.error(t('files.empty', { name: f.name }));
          else ok.push(f);
        }
        const next = maxCount === 1 ? ok.slice(0, 1) : [...value, ...ok];
        if (next.length > maxCount) message.error(t('files.tooMany', { max: maxCount }));
        onChange(next.slice(0, maxCount));
        return false;
      }}
      onRemove={(removed) => {
        onChange(value.filter((_f, i) => `${i}-${value[i]!.name}` !== removed.uid));
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('files.drop')}</p>
      <p className="ant-upload-hint">{t('files.limit', { max: Math.round(rule.maxSize / MB), count: maxCount })}</p>
    </Upload.Dragger>
  );
}

export interface UploadRequest {
  method?: 'POST' | 'PUT';
  /** API path without /api, e.g. '/contract/upload' */
  path: string;
  /** text fields of the form */
  fields?: Record<string, string | number | null | undefined>;
  /** [field name, file] pairs */
  files: [string, File][];
  onProgress?(percent: number): void;
  /** the upload's percentage, then the service's phases when it takes over a second (kit/progress.tsx) */
  onWork?(progress: WorkProgress): void;
}

function sendForm(
  req: UploadRequest,
  token: string | undefined,
  progressId: string | undefined,
): Promise<{ status: number; body: { success?: boolean; message?: string; data?: unknown } }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(req.fields ?? {})) if (v !== undefined && v !== null) form.append(k, String(v));
  for (const [field, file] of req.files) form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method ?? 'POST', `/api${req.path}`);
    for (const [name, value] of Object.entries(serviceHeaders(token))) xhr.setRequestHeader(name, value);
    if (progressId) xhr.setRequestHeader('x-progress-id', progressId);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      const percent = Math.round((e.loaded / e.total) * 100);
      req.onProgress?.(percent);
      req.onWork?.({ phase: 'uploading', done: percent, total: 100 });
    };
    xhr.onerror = () => reject(new NetworkError('upload failed'));
    xhr.onload = () => {
      try {
        resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) });
      } catch {
        resolve({ status: xhr.status, body: {} });
      }
    };
    xhr.send(form);
  });
}

/** Sends a multipart form with progress; resolves with `data`, rejects with ApiError like api.*. */
export async function uploadForm<T>(req: UploadRequest): Promise<T> {
  const res = await withProgress(req.onWork, async (progressId) => {
    let token = await validToken();
    let sent = await sendForm(req, token, progressId);
    if (sent.status === 401 && token) {
      token = (await refreshTokens(token))?.token;
      if (token) sent = await sendForm(req, token, progressId);
    }
    return sent;
  });
  if (res.status >= 200 && res.status < 300 && res.body.success) return res.body.data as T;
  const errors = (res.body.data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
  throw new ApiError(res.status, res.body.message ?? '', Array.isArray(errors) ? errors : [], res.body.data);
}

/** A progress bar for an upload under way (hidden at 0). */
export function UploadProgress({ percent }: { percent: number }) {
  const t = useT();
  return percent > 0 ? <Progress percent={percent} size="small" aria-label={t('work.uploading', { percent })} /> : null;
}

/** Public file url of a record (`uploads/...`) under its area route, e.g. ('contract-files', url). */
export const fileHref = (area: string, url: string) => `/api/${area}/${url}`;

const PREVIEWABLE = /\.(pdf|png|jpe?g|gif|webp|bmp)$/i;
export const canPreview = (nameOrUrl: string) => PREVIEWABLE.test(nameOrUrl);

/** Saves a blob under a name through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads a file (public or signed-in route) under the name the service gives it (an export's
 * dated name), else `name`; `onWork`: an export's progress.
 */
export async function downloadFile(href: string, name: string, onWork?: (progress: WorkProgress) => void): Promise<void> {
  const res = await withProgress(onWork, (progressId) => fetchOk(href, progressId));
  saveBlob(await res.blob(), fileNameOf(res) ?? name);
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*`, else its plain `filename`. */
function fileNameOf(res: Response): string | undefined {
  const header = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/** Reads a file of a public or signed-in route (the token is sent to /api routes); refusals as ApiError. */
export async function fetchFile(href: string, progressId?: string): Promise<Blob> {
  return (await fetchOk(href, progressId)).blob();
}

async function fetchOk(href: string, progressId?: string): Promise<Response> {
  const token = href.startsWith('/api/') ? await validToken() : undefined;
  const res = await fetch(href, { headers: { ...serviceHeaders(token), ...(progressId ? { 'x-progress-id': progressId } : {}) } });
  if (!res.ok) {
    let message = '';
    try {
      message = ((await res.json()) as { message?: string }).message ?? '';
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, message);
  }
  return res;
}

/**
 * Shows a PDF or an image in the window. The file is fetched and shown from a blob url, since the
 * service forbids framing its own pages (X-Frame-Options) and its CSP allows blob: frames only.
 */
export function FilePreview({ href, name, onClose }: { href: string | null; name: string; onClose(): void }) {
  const t = useT();
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!href) return;
    let url: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetch(href)
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setBlobUrl(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(null);
    };
  }, [href]);
  const isPdf = /\.pdf$/i.test(name) || /\.pdf$/i.test(href ?? '');
  return (
    <Modal open={Boolean(href)} title={name} onCancel={onClose} footer={null} width="80vw" destroyOnHidden>
      {failed ? (
        <p>{t('files.previewFailed')}</p>
      ) : !blobUrl ? (
        <p>{t('app.loading')}</p>
      ) : isPdf ? (
        <iframe title={name} src={blobUrl} style={{ width: '100%', height: '75vh', border: 0 }} data-testid="file-preview" />
      ) : (
        <img alt={name} src={blobUrl} style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', margin: '0 auto' }} data-testid="file-preview" />
      )}
    </Modal>
  );
}
