import { useEffect } from 'react';

/**
 * Esc in a dialog: a picker that is open (a select or tree select, `aria-expanded="true"`) closes
 * first and keeps the dialog; the next Esc closes the dialog. Listened for in the capture phase,
 * because Arco's tree select stops every key at itself, open or not. The dialog sets Arco's own
 * `escToExit` off so one Esc never does both.
 */
export function useEscToClose(visible: boolean, onClose: () => void): void {
  useEffect(() => {
    if (!visible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[aria-expanded="true"]')) return;
      onClose();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [visible, onClose]);
}
