// What a live-refresh event carries (issue 28), without zod: the client's shell (api/live.ts) reads
// it at every start, where loading the schemas would cost a phone 24 KB (shared/events.ts re-exports it).
import type { Area } from './permissions.js';

/** The `data` of an `event: change`: the area whose records changed, never the records. */
export interface ChangeEvent {
  area: Area;
}

/** The name of the event a change is sent as. */
export const CHANGE_EVENT = 'change';
