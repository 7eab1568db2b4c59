// The query of a list page (kit/ListPage.tsx): its cache key and its request, in one place, so the
// list requested at start (App.tsx preloadFirstScreen) is the very entry the page then reads.
import type { QueryFunctionContext } from '@tanstack/react-query';
import { api, type QueryValue } from '../api/client';

export function listQuery<T>(path: string, query: Record<string, QueryValue>) {
  return {
    queryKey: [path, query] as const,
    queryFn: ({ signal }: QueryFunctionContext) => api.get<T>(path, query, signal),
  };
}
