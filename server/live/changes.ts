// Live refresh (issue 28): which areas a write changed, and the hub that tells the open event
// streams (GET /api/events) about them. An event names an area, never a record or a value; each
// stream gets only the areas its user may read. See docs/architecture.md "Live refresh".
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { AREAS, mayRead, type Area } from '../../shared/permissions.js';
import { FINANCE_KINDS } from '../../shared/finance-kinds.js';
import type { AuthUser } from '../http/auth.js';

/**
 * The areas whose pages show an audited entity. An entity not named here (a kind added later)
 * still publishes the area of the route that wrote it (`changeScope`), and every write the audit
 * log: users, settings and grants are the admin's, in no area, and publish the audit log only.
 */
const AREAS_OF_ENTITY: Record<string, readonly Area[]> = {
  // the contract summary (finance), the open position (stock) and profit and loss (profit) read the contracts
  contract: ['contracts', 'finance', 'stock', 'profit'],
  archiveFolder: ['contracts'],
  archiveBatch: ['contracts'],
  corpContract: ['corpContracts'],
  corpContractFolder: ['corpContracts'],
  corpContractDetail: ['corpContracts'],
  companyFolder: ['companyFiles'],
  companyFile: ['companyFiles'],
  pickupRequest: ['pickup'],
  // a movement changes the stock and its reports (profit and loss counts what was delivered); an
  // outbound order also what its pickup request has left
  inboundOrder: ['warehouse', 'stock'],
  outboundOrder: ['warehouse', 'stock', 'pickup', 'profit'],
  ownershipTransfer: ['warehouse', 'stock', 'profit'],
  warehouse: ['warehouse', 'stock', 'pickup'],
  commodity: ['catalogs', 'stock'],
  party: ['catalogs'],
  ...Object.fromEntries(FINANCE_KINDS.map((k) => [k.entity, [k.area]])),
};

/** The areas a set of audited entities changed; an entity without an entry publishes the route's area. */
export function areasOf(entities: Iterable<string>, routeArea?: Area): Set<Area> {
  const areas = new Set<Area>();
  for (const entity of entities) {
    const known = AREAS_OF_ENTITY[entity];
    if (known) for (const area of known) areas.add(area);
    else if (routeArea) areas.add(routeArea);
  }
  return areas;
}

/** The entities a request's writes audited: filled by recordAudits, published when the request succeeds. */
const scope = new AsyncLocalStorage<Set<string>>();

/** Notes audited entities for the request under way (recordAudits calls it; outside a request it does nothing). */
export function noteChanged(entities: Iterable<string>): void {
  const noted = scope.getStore();
  if (noted) for (const e of entities) noted.add(e);
}

/**
 * Runs a write request's handler, then, when it succeeded (so its transactions committed), publishes
 * the areas of what it audited. A refused request publishes nothing.
 */
export async function changeScope<T>(publish: (areas: Set<Area>) => void, routeArea: Area | undefined, work: () => Promise<T>): Promise<T> {
  const noted = new Set<string>();
  const result = await scope.run(noted, work);
  if (noted.size > 0) {
    const areas = areasOf(noted, routeArea);
    areas.add('audit');
    publish(areas);
  }
  return result;
}

/** One open stream: its user (permissions refreshed at each heartbeat) and the response it writes to. */
interface Stream {
  user: AuthUser;
  res: ServerResponse;
  /** re-reads the user (status, token version, grants); throws when it may no longer listen */
  recheck: () => Promise<AuthUser>;
}

export interface HubOptions {
  perUser: number;
  total: number;
  /** ms between heartbeat comments (and user re-checks) */
  heartbeatMs: number;
  /** ms a burst of changes is gathered before one event per area goes out */
  coalesceMs: number;
}

/** ms a burst of changes is gathered before one event per area goes out */
export const COALESCE_MS = 250;

export type Refusal = 'user' | 'total';

/**
 * The open streams of this process and the changes waiting to be sent. `publish` gathers the areas
 * of a burst for `coalesceMs` and hands them to `relay` (PostgreSQL: NOTIFY, so other instances
 * hear them too) and to this process's streams; `deliver` sends areas heard from elsewhere.
 */
export class ChangeHub {
  private readonly streams = new Set<Stream>();
  private readonly pending = new Set<Area>();
  private timer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** where gathered areas also go (the PostgreSQL relay); set by start.ts */
  relay: ((areas: readonly Area[]) => void) | undefined;

  constructor(private readonly options: HubOptions) {
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs).unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Why a new stream of this user would be refused, or null. */
  refusal(userId: number): Refusal | null {
    if (this.closed || this.streams.size >= this.options.total) return 'total';
    let mine = 0;
    for (const s of this.streams) if (s.user.id === userId) mine++;
    return mine >= this.options.perUser ? 'user' : null;
  }

  /** Adds a stream whose headers are sent; it leaves when its connection closes. */
  add(user: AuthUser, res: ServerResponse, recheck: () => Promise<AuthUser>): void {
    const stream: Stream = { user, res, recheck };
    this.streams.add(stream);
    res.on('close', () => this.streams.delete(stream));
    res.on('error', () => this.streams.delete(stream)); // a write racing a dropped connection: the stream is simply gone
  }

  /** Areas changed by a committed write of this process. */
  publish(areas: Iterable<Area>): void {
    if (this.closed) return;
    for (const a of areas) this.pending.add(a);
    this.timer ??= setTimeout(() => this.flush(), this.options.coalesceMs);
  }

  private flush(): void {
    this.timer = undefined;
    const areas = [...this.pending];
    this.pending.clear();
    if (areas.length === 0) return;
    this.relay?.(areas);
    this.deliver(areas);
  }

  /** Sends each area to the streams whose users may read it. */
  deliver(areas: readonly Area[]): void {
    const known = areas.filter((a) => (AREAS as readonly string[]).includes(a));
    for (const s of this.streams) {
      const text = known
        .filter((a) => mayRead(s.user.permissions, a))
        .map((a) => `event: change\ndata: ${JSON.stringify({ area: a })}\n\n`)
        .join('');
      if (text) s.res.write(text);
    }
  }

  /** A comment to every stream (proxies keep an active connection open), after re-reading its user. */
  private async beat(): Promise<void> {
    await Promise.all(
      [...this.streams].map(async (s) => {
        try {
          s.user = await s.recheck();
          s.res.write(': keep-alive\n\n');
        } catch {
          // disabled, password changed, or the database did not answer: the client opens a new stream with a new ticket
          s.res.end();
        }
      }),
    );
  }

  /** Ends every stream at once (shutdown): nothing waits for a client. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.timer);
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }
}
