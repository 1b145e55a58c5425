import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { buildHref, readQuery } from './query';

export interface NavOptions {
  /** Stamp the navigation so the page remounts and reloads its data. Default true. */
  cached?: boolean;
}

/**
 * The navigation helper of spec §2. Its `cached` timestamp rides in the history entry's state
 * rather than the address: it still forces a fresh page, but the URL a user sees, copies or
 * bookmarks stays clean. A `?cached=` in a pasted link works the same.
 */
export function useNav() {
  const navigate = useNavigate();
  return useMemo(() => {
    const go = (replace: boolean) => (path: string, query: Record<string, string> = {}, options: NavOptions = {}) =>
      navigate(buildHref(path, query), {
        replace,
        state: (options.cached ?? true) ? { cached: String(Date.now()) } : undefined,
      });
    return { push: go(false), replace: go(true) };
  }, [navigate]);
}

/** The navigation's `cached` stamp: from the helper's history state, else from the address. */
export function freshnessOf(location: Pick<Location, 'state' | 'search'>): string {
  const stamp = (location.state as { cached?: unknown } | null)?.cached;
  return typeof stamp === 'string' ? stamp : (new URLSearchParams(location.search).get('cached') ?? '');
}

/** The current route's query, decrypted and sanitised. */
export function useRouteQuery(): Record<string, string> {
  const { search } = useLocation();
  return useMemo(() => readQuery(search).query, [search]);
}

/**
 * One query parameter of the current page as state that lives in the address (`?customer=12`):
 * a reload keeps it, back and forward step through its changes. Setting it pushes a history
 * entry (replaces with `replace`) carrying the page's own history state, so the page stays
 * mounted with its filters; `undefined` removes it. Values travel encrypted like any other.
 */
export function useQueryParam(name: string): [string | undefined, (value: string | undefined, replace?: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useRouteQuery();
  const value = query[name] || undefined;
  const set = useCallback(
    (next: string | undefined, replace = false) => {
      // `cached` stays in the history state it came in (useNav), never re-encrypted.
      const { cached: _cached, [name]: _old, ...rest } = readQuery(location.search).query;
      const wanted = next === undefined ? rest : { ...rest, [name]: next };
      navigate(buildHref(location.pathname, wanted), { replace, state: location.state });
    },
    [location.pathname, location.search, location.state, name, navigate],
  );
  return [value, set];
}
