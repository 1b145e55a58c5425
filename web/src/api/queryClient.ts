import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server data, keyed by the requests that fill it (client.ts `requestsOf`).
 * A failed read is not retried: the request client has already shown the failure, and a retry
 * would show it again. Every successful write marks the whole cache stale (org/calls.ts), so
 * whatever is on screen refetches: a new store shows in every store picker, a company's counts
 * follow its stores.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false },
  },
});
