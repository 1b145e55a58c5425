import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '../config/coreData';

/** Renders its content once it scrolls into view (spec §2, threshold from §9). */
export function LazyLoad({ children, minHeight = 1 }: { children: ReactNode; minHeight?: number }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold: LIMITS.lazyLoadThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  return <div ref={anchor} style={seen ? undefined : { minHeight }}>{seen ? children : null}</div>;
}
