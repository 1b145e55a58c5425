import { useCallback, useState } from 'react';

/**
 * A dialog gives the keyboard back where it was taken: whatever had focus when it opened (the
 * 新增 or 编辑 button) has it again once it has closed, by Esc, 取消 or ×, so a keyboard user goes
 * on from there rather than from the top of the page. Arco's Modal locks focus inside while open
 * but does not hand it back. The opener is noted in the render that opens the dialog, before the
 * dialog exists to take focus; the returned callback is the Modal's `afterClose`, run once its
 * closing animation has ended and its focus lock has let go.
 */
export function useReturnFocus(visible: boolean): () => void {
  const [shown, setShown] = useState(visible);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (visible !== shown) {
    setShown(visible);
    if (visible) setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  return useCallback(() => {
    if (opener?.isConnected) opener.focus();
  }, [opener]);
}
