// Live refresh (issue 28): the ticket that opens GET /api/events, and what an event carries.
import { z } from 'zod';
import { named } from './validation.js';

/** POST /events/ticket: a ticket for `GET /events?ticket=…` (EventSource cannot send the Authorization header). */
export const eventsTicket = named('EventsTicket', {
  ticket: z.string().describe('pass as ?ticket= to GET /api/events within expiresIn seconds; it opens a stream and nothing else'),
  expiresIn: z.number().int().describe('seconds the ticket may be used to open a stream (an open stream lasts beyond it)'),
});
export type EventsTicket = z.infer<typeof eventsTicket>;

// what an event carries, without zod, so the client's shell reads it without loading the schemas
export { CHANGE_EVENT, type ChangeEvent } from './change-event.js';
