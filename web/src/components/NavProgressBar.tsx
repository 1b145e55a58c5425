import { useEffect, useState } from 'react';
import { useNavProgressStore } from '../stores/navProgress';
import './NavProgressBar.css';

type Phase = 'idle' | 'running' | 'finishing';

/** The loading bar of spec §2: grows while navigation work runs, then completes and fades. */
export function NavProgressBar() {
  const active = useNavProgressStore((state) => state.active > 0);
  // Work that just ended: the bar completes and fades for 300 ms.
  const [wasActive, setWasActive] = useState(active);
  const [finishing, setFinishing] = useState(false);
  if (active !== wasActive) {
    setWasActive(active);
    setFinishing(!active);
  }
  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => setFinishing(false), 300);
    return () => clearTimeout(timer);
  }, [finishing]);
  const phase: Phase = active ? 'running' : finishing ? 'finishing' : 'idle';

  // Named for screen readers while it runs; hidden from them when idle.
  return (
    <div
      className={`nav-progress nav-progress--${phase}`}
      role="progressbar"
      aria-label="页面加载中"
      aria-hidden={phase === 'idle'}
    />
  );
}
