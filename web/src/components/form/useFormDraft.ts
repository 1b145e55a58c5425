import { useCallback, useEffect, useRef, useState } from 'react';
import { storageKeys } from '../../stores/storageKeys';
import { useUserStore } from '../../stores/user';

/** How long after the last change a draft is written: typing does not write every keystroke. */
export const DRAFT_DELAY_MS = 400;

export interface FormDraft<T> {
  /** What an earlier visit left unsaved in this tab, read once as the form mounts. */
  restored: T | undefined;
  /** Whether the form shows that it brought a draft back (until it is saved or given up). */
  noticed: boolean;
  /** Keeps the form as it stands, a moment after the last change (or at once as the page goes). */
  keep: (value: T) => void;
  /** Forgets the draft: the form was saved, cancelled, or its draft given up. */
  drop: () => void;
}

/** Whether anything was typed or picked: empty lists and blank boxes are nothing. */
export function hasTyped(values: unknown): boolean {
  if (Array.isArray(values)) return values.some(hasTyped);
  if (values !== null && typeof values === 'object') return Object.values(values).some(hasTyped);
  return values !== undefined && values !== null && values !== '';
}

function read<T>(key: string | undefined, accept: (found: T) => boolean): T | undefined {
  if (!key) return undefined;
  try {
    const found = JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
    return found !== null && typeof found === 'object' && accept(found) ? found : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An unsaved form kept in this browser tab (sessionStorage), so a tab switch, a menu trip, the
 * back button or F5 loses nothing. `form` names the form and its record (its route with the id or
 * `new`); none keeps nothing. The key holds the signed-in user, and logging out clears the tab's
 * storage: no one else reads it. Photos and other uploads are the server's; a draft is values.
 */
export function useFormDraft<T>(form: string | undefined, accept: (found: T) => boolean = hasTyped): FormDraft<T> {
  const userId = useUserStore((state) => state.info?.userId);
  const key = form !== undefined && userId != null ? storageKeys.formDraft(form, String(userId)) : undefined;
  const [restored] = useState(() => read<T>(key, accept));
  const [noticed, setNoticed] = useState(restored !== undefined);
  const pending = useRef<{ key: string; value: T } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = undefined;
    if (!next) return;
    try {
      sessionStorage.setItem(next.key, JSON.stringify(next.value));
    } catch {
      // A full storage keeps no draft; the form goes on.
    }
  }, []);

  const keep = useCallback(
    (value: T) => {
      if (!key) return;
      pending.current = { key, value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [key, flush],
  );

  const drop = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
    if (key) sessionStorage.removeItem(key);
    setNoticed(false);
  }, [key]);

  // Leaving the form (another tab, a menu item, back) or the page (F5) writes what is pending.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { restored, noticed, keep, drop };
}
