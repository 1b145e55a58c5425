import { useCallback, useId } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestsOf } from './client';

/** How long an answer counts as fresh: long enough to span a screen's first render. */
const JUST_LOADED_MS = 1000;

export interface Read<T> {
  data: T | undefined;
  /** Nothing to show yet for this key (the first load, or a new filter's). */
  loading: boolean;
  /** The last load failed (the request client has said why). */
  failed: boolean;
  /** What the last failed load threw. */
  error: Error | null;
  /** Loads again now, e.g. after a write this screen made. */
  reload: () => void;
  /** Shows `data` as the answer now: a write that answers with the record as it became. */
  replace: (data: T) => void;
}

/**
 * Server data through the shared cache (api/queryClient.ts): keyed by the requests `load` makes (client.ts `requestsOf`),
 * so every screen asking the same read shares it and a write anywhere refreshes it. `key` names
 * what a loader that reads nothing depends on (a picker the workspace does not offer).
 * `keepPrevious` keeps the last answer on screen while a new page or filter loads.
 */
export function useRead<T>(load: () => Promise<T>, key: unknown = '', keepPrevious = false): Read<T> {
  return useServerRead(load, key, keepPrevious, false);
}

/**
 * A read that unmasks personal data (查看完整信息). The server records every such read in the audit
 * log, so it is sent once per showing: never again on window focus or after a write elsewhere
 * (`REVEAL` keeps it out of org/calls.ts's refresh), only when the screen asks with `reload`.
 * `reveals` false makes it a plain read, for a screen whose one read unmasks only on request.
 */
export function useReveal<T>(load: () => Promise<T>, key: unknown = '', reveals = true): Read<T> {
  return useServerRead(load, key, false, reveals);
}

/** What a query of an unmasking read carries, for the refresh after writes to pass it over. */
export const REVEAL = { reveal: true } as const;

function useServerRead<T>(load: () => Promise<T>, key: unknown, keepPrevious: boolean, reveal: boolean): Read<T> {
  const id = useId();
  const client = useQueryClient();
  const reads = requestsOf(load);
  const queryKey = reads.length > 0 ? ['read', ...reads] : ['local', id, key];
  // A read nobody has asked for yet is sent now, while the rest of the screen renders, instead
  // of after the whole screen has committed: on a reload the list's request runs beside the
  // layout's first render. The query below joins it (one request, not two).
  if (reads.length > 0 && client.getQueryState(queryKey) === undefined) {
    void client.prefetchQuery({ queryKey, queryFn: load });
  }
  const query = useQuery({
    queryKey,
    queryFn: load,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    // An answer that came while the screen was still rendering is not asked again at mount.
    staleTime: reveal ? Infinity : JUST_LOADED_MS,
    refetchOnWindowFocus: !reveal,
    meta: reveal ? REVEAL : undefined,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const replace = (data: T) => client.setQueryData(queryKey, data);
  return {
    data: query.data,
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    failed: query.isError,
    error: query.error,
    reload,
    replace,
  };
}
