// A live-refresh stream (GET /api/events) read as a browser's EventSource would, over real HTTP.
import type { Client } from './app.js';

export interface OpenStream {
  status: number;
  /** the raw text received so far */
  text(): string;
  /** the areas of the `change` events received so far, in order */
  areas(): string[];
  /** resolves once `area` has arrived (rejects after `ms`) */
  waitFor(area: string, ms?: number): Promise<void>;
  /** true once the service ended the stream */
  ended(): boolean;
  close(): void;
  /** the envelope of a refusal */
  refusal?: { success: boolean; message: string };
}

/** Asks `client` for a ticket with `token`. */
export async function ticketFor(client: Client, token: string): Promise<string> {
  const res = await client.request('POST', '/api/events/ticket', { token });
  if (res.status !== 200) throw new Error(`ticket: ${res.body.message}`);
  return res.body.data.ticket as string;
}

export async function openStream(baseUrl: string, ticket: string): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  let text = '';
  let ended = false;
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          for (const w of waiters) w();
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const w of waiters) w();
    })();
  }
  const refusal = res.ok ? undefined : ((await res.json()) as { success: boolean; message: string });
  const areas = () =>
    text
      .split('\n\n')
      .filter((block) => block.startsWith('event: change\n'))
      .map((block) => (JSON.parse(block.split('\n')[1]!.replace(/^data: /, '')) as { area: string }).area);
  return {
    status: res.status,
    refusal,
    text: () => text,
    areas,
    ended: () => ended,
    close: () => abort.abort(),
    waitFor: (area, ms = 5_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (areas().includes(area)) done(resolve);
          else if (ended) done(() => reject(new Error(`the stream ended without ${area}: ${text}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no ${area} event within ${ms} ms: ${JSON.stringify(text)}`))), ms);
        const done = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      }),
  };
}
