// Progress of long work: the upload's percentage, then the service's phases. A long request is sent
// with a random X-Progress-Id; meanwhile GET /progress/{id} is polled (the service answers 404 until
// it has started the work) and each state is shown by WorkProgressBar.
import { Progress, Typography } from 'antd';
import type { ProgressPhase, ProgressRecord } from '../../../../shared/progress';
import { api } from '../api/client';
import { useT } from '../i18n';

export interface WorkProgress {
  phase: 'uploading' | ProgressPhase;
  done: number;
  /** null when not known in advance (an export's rows) */
  total: number | null;
}

const POLL_MS = 400;

/** 32 random hex digits (crypto.randomUUID needs a secure context; the LAN address is plain http). */
export function newProgressId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Polls the progress of `id` from `after` ms on, reporting each state, until the answer returns `stop()`. */
export function followProgress(id: string, onProgress: (p: WorkProgress) => void, after = 0): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const poll = async () => {
    try {
      const state = await api.get<ProgressRecord>(`/progress/${id}`);
      if (!stopped && !state.finished) onProgress({ phase: state.phase, done: state.done, total: state.total });
    } catch {
      // not started yet (404), or a passing network failure: the next poll tells
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };
  timer = setTimeout(() => void poll(), after);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Runs `send(id)` with its progress followed from `after` ms on (a short request shows nothing). */
export async function withProgress<T>(onProgress: ((p: WorkProgress) => void) | undefined, send: (id: string | undefined) => Promise<T>, after = 1000): Promise<T> {
  if (!onProgress) return send(undefined);
  const id = newProgressId();
  const stop = followProgress(id, onProgress, after);
  try {
    return await send(id);
  } finally {
    stop();
  }
}

/** A moving bar with what is being done (hidden when nothing is under way). */
export function WorkProgressBar({ progress }: { progress: WorkProgress | null }) {
  const t = useT();
  if (!progress) return null;
  const { phase, done, total } = progress;
  const percent = total ? Math.min(100, Math.floor((done / total) * 100)) : null;
  const n = (v: number) => v.toLocaleString();
  const text =
    phase === 'uploading'
      ? t('work.uploading', { percent: done })
      : phase === 'reading'
        ? t('work.reading')
        : phase === 'writing' && total === null
          ? t('work.written', { done: n(done) })
          : t(`work.${phase}`, { done: n(done), total: n(total ?? 0) });
  return (
    <div data-testid="work-progress" data-phase={phase} data-done={done}>
      <Progress percent={percent ?? 100} status="active" showInfo={percent !== null} size="small" aria-label={text} />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}
