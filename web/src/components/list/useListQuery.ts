import { useCallback, useEffect, useState } from 'react';
import { useRead } from '../../api/useRead';
import { LIMITS } from '../../config/coreData';

/** One page of a server list. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

export type FetchPage<T, F> = (query: F & PageRequest) => Promise<PageResult<T>>;

export interface ListQuery<T, F> {
  rows: T[];
  total: number;
  loading: boolean;
  current: number;
  pageSize: number;
  filters: F;
  /** The filters the list starts from: what 重置 goes back to. */
  defaults: F;
  /** New filters, back to page 1. */
  search: (filters: F) => void;
  changePage: (current: number, pageSize: number) => void;
  /** Same filters and page, fresh rows (after a save or delete). */
  reload: () => void;
}

const NO_ROWS: PageResult<never> = { list: [], total: 0 };

export interface ListQueryOptions {
  /**
   * The sessionStorage key of the tab's page state (spec §2: the tab's path): the filters and page
   * are kept there, so F5 shows the same rows, and go when the tab closes (stores/tabs.ts).
   */
  keepIn?: string;
}

interface Kept<F> {
  filters: F;
  paging: { current: number; pageSize: number };
}

/** The state kept under `key`, when there is a readable one. */
function keptState<F>(key: string | undefined): Kept<F> | undefined {
  if (!key) return undefined;
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Kept<F>> | null;
    const paging = kept?.paging;
    if (!kept || typeof kept.filters !== 'object' || kept.filters === null) return undefined;
    if (!paging || !Number.isInteger(paging.current) || !Number.isInteger(paging.pageSize)) return undefined;
    return { filters: kept.filters, paging };
  } catch {
    return undefined;
  }
}

/**
 * The state of a paged server list: filters and page here, rows in the shared cache (useRead),
 * so a write anywhere refreshes them. While another page or filter loads, the rows shown stay;
 * a failed load leaves them too, with the client's toast.
 */
export function useListQuery<T, F extends object>(
  fetchPage: FetchPage<T, F>,
  initialFilters: F,
  { keepIn }: ListQueryOptions = {},
): ListQuery<T, F> {
  const [kept] = useState(() => keptState<F>(keepIn));
  const [filters, setFilters] = useState(kept?.filters ?? initialFilters);
  const [paging, setPaging] = useState(kept?.paging ?? { current: 1, pageSize: LIMITS.defaultPageSize });
  useEffect(() => {
    if (keepIn) sessionStorage.setItem(keepIn, JSON.stringify({ filters, paging }));
  }, [keepIn, filters, paging]);
  const read = useRead(
    () => fetchPage({ ...filters, pageNum: paging.current, pageSize: paging.pageSize }),
    [filters, paging],
    true,
  );
  const page = read.data ?? NO_ROWS;

  // The last row of the last page was deleted: show the page before it.
  const lastPage = Math.max(1, Math.ceil(page.total / paging.pageSize));
  if (page.list.length === 0 && paging.current > lastPage) setPaging({ ...paging, current: lastPage });

  const search = useCallback((next: F) => {
    setFilters(next);
    setPaging((p) => ({ ...p, current: 1 }));
  }, []);
  const changePage = useCallback((current: number, pageSize: number) => setPaging({ current, pageSize }), []);

  return {
    rows: page.list,
    total: page.total,
    loading: read.loading,
    current: paging.current,
    pageSize: paging.pageSize,
    filters,
    defaults: initialFilters,
    search,
    changePage,
    reload: read.reload,
  };
}
