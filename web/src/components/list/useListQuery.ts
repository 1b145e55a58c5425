import { useCallback, useEffect, useRef, useState } from 'react';
import { constants } from '@core/wasm';

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
  /** New filters, back to page 1. */
  search: (filters: F) => void;
  changePage: (current: number, pageSize: number) => void;
  /** Same filters and page, fresh rows (after a save or delete). */
  reload: () => void;
}

/**
 * The state of a paged server list: filters, page, rows. A stale answer (filters changed while
 * it travelled) is dropped; a failed load leaves the previous rows and the client's toast.
 */
export function useListQuery<T, F extends object>(fetchPage: FetchPage<T, F>, initialFilters: F): ListQuery<T, F> {
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  const [filters, setFilters] = useState(initialFilters);
  const [paging, setPaging] = useState({ current: 1, pageSize: constants().defaultPageSize });
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<PageResult<T>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    latest
      .current({ ...filters, pageNum: paging.current, pageSize: paging.pageSize })
      .then((page) => {
        if (!current) return;
        // The last row of the last page was deleted: show the page before it.
        if (page.list.length === 0 && page.total > 0 && paging.current > 1) {
          setPaging((p) => ({ ...p, current: Math.ceil(page.total / p.pageSize) }));
          return;
        }
        setResult(page);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [filters, paging, version]);

  const search = useCallback((next: F) => {
    setFilters(next);
    setPaging((page) => ({ ...page, current: 1 }));
  }, []);
  const changePage = useCallback((current: number, pageSize: number) => setPaging({ current, pageSize }), []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return {
    rows: result.list,
    total: result.total,
    loading,
    current: paging.current,
    pageSize: paging.pageSize,
    filters,
    search,
    changePage,
    reload,
  };
}
