// Live refresh (issue 28): the ticket that opens GET /api/events, and what an event carries.
import { z } from 'zod';
import type { Area } from './permissions.js';
import { named } from './validation.js';

/** POST /events/ticket: a ticket for `GET /events?ticket=…` (EventSource cannot send the Authorization header). */
export const eventsTicket = named('EventsTicket', {
  ticket: z.string().describe('pass as ?ticket= to GET /api/events within expiresIn seconds; it opens a stream and nothing else'),
  expiresIn: z.number().int().describe('seconds the ticket may be used to open a stream (an open stream lasts beyond it)'),
});
export type EventsTicket = z.infer<typeof eventsTicket>;

/** The `data` of an `event: change`: the area whose records changed, never the records. */
export interface ChangeEvent {
  area: Area;
}

/** The name of the event a change is sent as. */
export const CHANGE_EVENT = 'change';
