import { useCallback, useEffect, useRef, useState } from 'react';

export interface TreeQuery<T> {
  rows: T[];
  loading: boolean;
  reload: () => void;
}

/**
 * A whole tree from the server (departments, menus): loaded when `key` changes (the company or
 * city it belongs to) and on reload() after a change.
 */
export function useTreeQuery<T>(fetchTree: () => Promise<T[]>, key: unknown = ''): TreeQuery<T> {
  const latest = useRef(fetchTree);
  latest.current = fetchTree;
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    latest
      .current()
      .then((tree) => {
        if (current) setRows(tree);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, loading, reload };
}
