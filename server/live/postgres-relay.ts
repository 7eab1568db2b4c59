// Changes across the instances of one PostgreSQL database: each instance NOTIFYs the areas its
// writes changed on CHANGES_CHANNEL, and LISTENs on one connection of its own (not one of the pool's:
// a pooled connection is handed to other queries between notifications), which also sends. The connection is opened
// again after a loss; on a reconnect every area is delivered once, since what was sent meanwhile is lost.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { AREAS, isArea, type Area } from '../../shared/permissions.js';
import type { Db } from '../db/tables.js';
import type { ChangeHub } from './changes.js';

export const CHANGES_CHANNEL = 'cargodesk_changes';
export const LISTENER_APPLICATION_NAME = 'cargodesk changes';

export interface Relay {
  /** NOTIFYs the areas (this instance has already delivered them to its own streams) */
  send(areas: readonly Area[]): void;
  /** ends the listening connection */
  stop(): Promise<void>;
}

/** The payload: the sending instance (so it skips its own) and the areas, well under NOTIFY's 8,000 bytes. */
interface Payload {
  from: string;
  areas: readonly string[];
}

export function startRelay({ databaseUrl, db, hub, logger, retryMs = 2_000 }: { databaseUrl: string; db: Db; hub: ChangeHub; logger: Logger; retryMs?: number }): Relay {
  const instance = randomUUID();
  const base = { connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 15_000 };
  let listener: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const listen = async () => {
    const client = new pg.Client({ ...base, application_name: `${LISTENER_APPLICATION_NAME} ${process.pid}` });
    listener = client;
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      void client.end().catch(() => undefined);
      if (stopped) return;
      logger.warn({ err }, 'the connection listening for other instances\u2019 changes was lost; opening it again');
      timer = setTimeout(() => void listen(), retryMs).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        const payload = JSON.parse(message.payload) as Payload;
        if (payload.from !== instance) hub.deliver(payload.areas.filter(isArea));
      } catch {
        // not ours: ignored
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (stopped) return void (await client.end().catch(() => undefined));
      // changes sent while it was away are lost: every open page refetches once
      if (connectedBefore) hub.deliver(AREAS);
      connectedBefore = true;
    } catch (err) {
      lost(err as Error);
    }
  };
  void listen();

  // NOTIFY on the listening connection (one connection per instance); while it is being opened again, on the pool
  const notify = (text: string) => {
    const sent = listener ? listener.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, text]) : sql`select pg_notify(${CHANGES_CHANNEL}, ${text})`.execute(db);
    void sent.catch((err: unknown) => logger.warn({ err }, 'could not tell the other instances about a change; their pages refresh at the next one'));
  };

  return {
    send(areas) {
      notify(JSON.stringify({ from: instance, areas } satisfies Payload));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
