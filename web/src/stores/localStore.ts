// localStorage values in core's envelope, which can carry an expiry in minutes (spec §9).
import { storageUnwrap, storageWrap } from '@core/wasm';

export function readLocal<T>(key: string): T | undefined {
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  const read = storageUnwrap(text, Date.now());
  if (read.expired) {
    localStorage.removeItem(key);
    return undefined;
  }
  return read.value as T | undefined;
}

export function writeLocal(key: string, value: unknown, expireMinutes?: number): void {
  localStorage.setItem(key, storageWrap(value, Date.now(), expireMinutes));
}
