// Recounts a long transaction leaves to its end (a sheet import: docs/architecture.md, "Lock order").
// A write counts some kept rows again from the records (the open contracts and lot weights per B/L,
// the P&L rows) under an advisory lock per key, and those locks come last in every writer's lock
// order. An import writes its rows in batches in one transaction: counting after each batch would
// hold batch 1's keys while batch 2 takes more locks, which a single write on another instance may
// hold while it waits for one of those keys — a deadlock PostgreSQL ends with 40P01. So inside `deferRecounts` a recount only notes its
// keys, and the import counts every noted key once, after its last batch, before it commits. The
// recounts count from the records as they then stand, so the result is what counting after each
// batch gives (an import only adds records).
import type { Queryable } from './tables.js';

/**
 * The recounts that may wait, in the order they run at the end: the order a single stock write takes
 * their locks in (the open contracts' per-B/L keys, the lot weights' per-B/L keys, the P&L row keys).
 */
const STEPS = ['blStatus', 'lotWeights', 'pnl'] as const;
export type DeferredStep = (typeof STEPS)[number];

interface Noted {
  groups: Set<string>[];
  run: (db: Queryable, groups: Set<string>[]) => Promise<void>;
}

const open = new WeakMap<Queryable, Map<DeferredStep, Noted>>();

/**
 * From now until the returned function is called, the recounts in `trx` only note their keys; the
 * returned function (awaited by the caller after its last write, inside the transaction) runs each
 * step once over every key noted, in STEPS order. When the transaction fails, nothing runs.
 */
export function deferRecounts(trx: Queryable): () => Promise<void> {
  const steps = new Map<DeferredStep, Noted>();
  open.set(trx, steps);
  return async () => {
    open.delete(trx);
    for (const step of STEPS) {
      const noted = steps.get(step);
      if (noted) await noted.run(trx, noted.groups);
    }
  };
}

/** Whether `db` is a transaction that defers its recounts now. */
export const deferring = (db: Queryable): boolean => open.has(db);

/**
 * Notes the keys of a recount when `db` defers recounts (answers true: the caller does nothing more
 * now), else answers false and the caller counts now. `groups` are the recount's arguments (sets of
 * keys, e.g. B/Ls and contract codes), joined with what earlier calls noted; `run` counts them.
 */
export function deferred(db: Queryable, step: DeferredStep, run: Noted['run'], ...groups: Iterable<string>[]): boolean {
  const steps = open.get(db);
  if (!steps) return false;
  let noted = steps.get(step);
  if (!noted) steps.set(step, (noted = { groups: groups.map(() => new Set<string>()), run }));
  groups.forEach((keys, i) => {
    for (const key of keys) noted.groups[i]!.add(key);
  });
  return true;
}
