// Live refresh (issue 28): one EventSource per signed-in tab on GET /api/events, and what an area's
// change refetches. The service names the area that changed, never the data; the page refetches
// what it shows through its own queries (the reader's grants and warehouses apply as always). The
// queries' keys, the page's address (filters, page, sort) and open drawers are untouched: a refetch
// replaces the rows in place.
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CHANGE_EVENT, type ChangeEvent, type EventsTicket } from '../../../../shared/events';
import type { Area } from '../../../../shared/permissions';
import type { PageAccess } from '../kit/access';
import { useAuth } from './auth';
import { api } from './client';

/**
 * Queries shown outside the page of their area, by the start of their key: the dashboard's figures
 * (DashboardPage, DashboardCharts) and the header's bell (AttentionBadge). A query may also declare
 * `meta: { areas: [...] }`. Any other query belongs to the page it is on.
 */
const AREAS_OF_KEYS: readonly (readonly [readonly unknown[], Area])[] = [
  [['dashboard', 'stock'], 'stock'],
  [['dashboard', 'stock-chart'], 'stock'],
  [['dashboard', 'pickup'], 'pickup'],
  [['dashboard', 'expiring'], 'companyFiles'],
  [['dashboard', 'audit'], 'audit'],
  [['/company/files'], 'companyFiles'],
];

function areasOfQuery(query: Query): readonly Area[] | undefined {
  const declared = (query.meta as { areas?: readonly Area[] } | undefined)?.areas;
  if (declared) return declared;
  const found = AREAS_OF_KEYS.filter(([start]) => start.every((part, i) => query.queryKey[i] === part)).map(([, area]) => area);
  return found.length ? found : undefined;
}

/** Refetches the queries on screen that show `area` (all of them when null: after a gap in the stream). */
export function refetchArea(queryClient: QueryClient, area: Area | null, pageArea: Area | undefined): Promise<void> {
  return queryClient.invalidateQueries({
    refetchType: 'active',
    predicate: (query) => {
      if (area === null) return true;
      const areas = areasOfQuery(query);
      return areas ? areas.includes(area) : area === pageArea;
    },
  });
}

/** Waits before opening a stream again: 1 s, 2 s, 4 s … at most 30 s. */
const backoff = (failures: number) => Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5));

/**
 * Keeps one stream open while a user is signed in (the shell calls it once). EventSource reconnects
 * by itself after a dropped connection; when its ticket has expired by then (60 s) the service
 * refuses it, the source closes, and a new ticket is asked for (which refreshes the access token
 * first when needed). After any gap every query on screen refetches once, since changes may have
 * been missed meanwhile.
 */
export function useLiveRefresh(page: PageAccess | undefined): void {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const pageArea = useRef<Area | undefined>(undefined);
  pageArea.current = page === undefined || page === 'user' || page === 'admin' ? undefined : page;
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let opened = false;

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void open(), backoff(failures++));
    };
    const open = async () => {
      let ticket: string;
      try {
        ticket = (await api.post<EventsTicket>('/events/ticket')).ticket;
      } catch {
        return retry();
      }
      if (stopped) return;
      const s = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
      source = s;
      s.onopen = () => {
        failures = 0;
        if (opened) void refetchArea(queryClient, null, pageArea.current);
        opened = true;
      };
      s.addEventListener(CHANGE_EVENT, (e) => {
        const { area } = JSON.parse((e as MessageEvent<string>).data) as ChangeEvent;
        void refetchArea(queryClient, area, pageArea.current);
      });
      s.onerror = () => {
        // CONNECTING: EventSource tries again by itself; CLOSED: refused (an expired ticket, a bound), so a new ticket
        if (s.readyState !== EventSource.CLOSED) return;
        s.close();
        if (source === s) source = null;
        retry();
      };
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [userId, queryClient]);
}
