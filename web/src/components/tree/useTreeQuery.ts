import { useRead } from '../../api/useRead';

export interface TreeQuery<T> {
  rows: T[];
  loading: boolean;
  reload: () => void;
}

/**
 * A whole tree from the server (departments, menus) through the shared cache: `key` is what a
 * loader that reads nothing depends on (the company or city it would belong to).
 */
export function useTreeQuery<T>(fetchTree: () => Promise<T[]>, key: unknown = ''): TreeQuery<T> {
  const read = useRead(fetchTree, key);
  return { rows: read.data ?? NO_ROWS, loading: read.loading, reload: read.reload };
}

const NO_ROWS: never[] = [];
