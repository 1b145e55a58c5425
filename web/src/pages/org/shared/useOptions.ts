import { useRead } from '../../../api/useRead';

const NONE: never[] = [];

/**
 * Choices a form or filter offers (stores, positions, roles…) through the shared cache, so a
 * store added anywhere shows in every store picker at once; an empty list while loading or after
 * a failure (the client has shown it). `key` is what a loader that reads nothing depends on.
 */
export function useOptions<T>(load: () => Promise<T[]>, key: unknown = ''): T[] {
  return useRead(load, key).data ?? NONE;
}

export function toOptions<T extends { id: number; name: string }>(items: T[]) {
  return items.map((item) => ({ label: item.name, value: item.id }));
}
