import { useEffect, useState } from 'react';
import { useNavProgressStore } from '../stores/navProgress';
import './NavProgressBar.css';

type Phase = 'idle' | 'running' | 'finishing';

/** The loading bar of spec §2: grows while navigation work runs, then completes and fades. */
export function NavProgressBar() {
  const active = useNavProgressStore((state) => state.active > 0);
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (active) {
      setPhase('running');
      return;
    }
    setPhase((previous) => (previous === 'idle' ? 'idle' : 'finishing'));
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [active]);

  return <div className={`nav-progress nav-progress--${phase}`} role="progressbar" aria-hidden={phase === 'idle'} />;
}
