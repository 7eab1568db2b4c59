// Work a long transaction leaves to its end (a sheet import: docs/architecture.md, "Lock order"). A
// stock write ends by writing kept rows other stocks' writers share (the B/Ls' lots in stock, the
// contract sums) and by counting some kept rows again from the records (the open contracts and lot
// weights per B/L, the P&L rows) under an advisory lock per key: these locks come last in every
// writer's lock order. An import writes its rows in batches in one transaction: doing that after each
// batch would hold batch 1's rows and keys while batch 2 takes more, which a single write on another
// instance may hold while it waits for one of batch 1's — a deadlock PostgreSQL ends with 40P01. So
// inside `deferRecounts` that work only notes its keys or deltas, and the import does it once, after
// its last batch, before it commits. The recounts count from the records as they then stand and the
// deltas add up, so the result is what doing it after each batch gives (an import only adds records).
import type { Queryable } from './tables.js';

/**
 * The work that may wait, in the order it runs at the end: the order a single stock write takes its
 * locks in. The rows other stocks' writers share, each statement's rows in key order (the B/Ls' lots
 * in stock, `blStatus`; the contract sums, `contractExecution` and `positionExecuted`), then the
 * per-B/L keys of the open contracts and the lot weights, then the P&L row keys.
 */
const STEPS = ['lotsInStock', 'contractSums', 'blStatus', 'lotWeights', 'pnl'] as const;
export type DeferredStep = (typeof STEPS)[number];

/** What a step noted: sets of keys (a recount's arguments) or items (deltas a sum adds up), and how to run it over them. */
interface Noted {
  groups: Set<string>[];
  items: unknown[];
  run: (db: Queryable, noted: Noted) => Promise<void>;
}

const open = new WeakMap<Queryable, Map<DeferredStep, Noted>>();

/**
 * From now until the returned function is called, the deferrable work in `trx` only notes what it
 * would do; the returned function (awaited by the caller after its last write, inside the
 * transaction) runs each step once over everything noted, in STEPS order. When the transaction
 * fails, nothing runs.
 */
export function deferRecounts(trx: Queryable): () => Promise<void> {
  const steps = new Map<DeferredStep, Noted>();
  open.set(trx, steps);
  return async () => {
    open.delete(trx);
    for (const step of STEPS) {
      const noted = steps.get(step);
      if (noted) await noted.run(trx, noted);
    }
  };
}

/** Whether `db` is a transaction that defers that work now. */
export const deferring = (db: Queryable): boolean => open.has(db);

function noted(db: Queryable, step: DeferredStep, make: () => Noted): Noted | undefined {
  const steps = open.get(db);
  if (!steps) return undefined;
  let found = steps.get(step);
  if (!found) steps.set(step, (found = make()));
  return found;
}

/**
 * Notes the keys of a recount when `db` defers (answers true: the caller does nothing more now), else
 * answers false and the caller counts now. `groups` are the recount's arguments (sets of keys, e.g.
 * B/Ls and contract codes), joined with what earlier calls noted; `run` counts them.
 */
export function deferred(db: Queryable, step: DeferredStep, run: (db: Queryable, groups: Set<string>[]) => Promise<void>, ...groups: Iterable<string>[]): boolean {
  const found = noted(db, step, () => ({ groups: groups.map(() => new Set<string>()), items: [], run: (trx, n) => run(trx, n.groups) }));
  if (!found) return false;
  groups.forEach((keys, i) => {
    for (const key of keys) found.groups[i]!.add(key);
  });
  return true;
}

/**
 * Notes the items of an additive write (deltas a kept sum adds) when `db` defers (answers true), else
 * answers false and the caller writes now. At the end `run` gets every item noted, in order: adding
 * them up once gives what adding each batch's gave.
 */
export function deferredItems<T>(db: Queryable, step: DeferredStep, run: (db: Queryable, items: T[]) => Promise<void>, items: readonly T[]): boolean {
  const found = noted(db, step, () => ({ groups: [], items: [], run: (trx, n) => run(trx, n.items as T[]) }));
  if (!found) return false;
  for (const item of items) found.items.push(item);
  return true;
}
