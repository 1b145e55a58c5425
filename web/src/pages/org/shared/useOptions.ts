import { useEffect, useState } from 'react';

/**
 * Choices a form or filter offers (stores, positions, roles…), loaded when `key` changes; an
 * empty list while loading or after a failure (the client has shown it).
 */
export function useOptions<T>(load: () => Promise<T[]>, key: unknown = ''): T[] {
  const [options, setOptions] = useState<T[]>([]);
  useEffect(() => {
    let current = true;
    load()
      .then((list) => {
        if (current) setOptions(list);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // load is fixed per page; key says when the choices depend on something that changed.
  }, [key]);
  return options;
}

export function toOptions<T extends { id: number; name: string }>(items: T[]) {
  return items.map((item) => ({ label: item.name, value: item.id }));
}
