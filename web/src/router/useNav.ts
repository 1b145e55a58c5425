import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildHref, readQuery } from './query';

export interface NavOptions {
  /** Append cached=<timestamp> so the page reloads its data. Default true. */
  cached?: boolean;
}

/** The navigation helper of spec §2. */
export function useNav() {
  const navigate = useNavigate();
  return useMemo(() => {
    const go = (replace: boolean) => (path: string, query: Record<string, string> = {}, options: NavOptions = {}) =>
      navigate(buildHref(path, query, options.cached ?? true, Date.now()), { replace });
    return { push: go(false), replace: go(true) };
  }, [navigate]);
}

/** The current route's query, decrypted and sanitised. */
export function useRouteQuery(): Record<string, string> {
  const { search } = useLocation();
  return useMemo(() => readQuery(search).query, [search]);
}
