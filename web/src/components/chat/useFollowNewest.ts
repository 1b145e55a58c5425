import { useCallback, useLayoutEffect, useRef, type UIEvent } from 'react';

/** How close to the bottom (px) still counts as reading the newest entry. */
const NEAR_BOTTOM = 24;

/**
 * Keeps a scrolling list at its newest entry while `newest` changes (a question sent, an answer
 * growing), as long as the reader is at the bottom; one who scrolled up to read is left there
 * until `follow()` (they asked again).
 */
export function useFollowNewest<T extends HTMLElement>(newest: unknown[]) {
  const list = useRef<T>(null);
  const following = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
    // The caller names what makes the list grow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, newest);
  const onScroll = useCallback((event: UIEvent<T>) => {
    const element = event.currentTarget;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
  }, []);
  const follow = useCallback(() => {
    following.current = true;
  }, []);
  return { list, onScroll, follow };
}
