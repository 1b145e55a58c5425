import type { KeyboardEvent } from 'react';

/**
 * Shift+Tab out of a searchable select. Arco's select box is itself in the tab order and hands
 * its focus straight to the search box inside it, so Shift+Tab from that search box lands on the
 * box and comes back: focus never leaves the field. For this one key press the box leaves the tab
 * order, so the browser's own Shift+Tab goes on to the field before; it is back on the next turn.
 */
export function shiftTabPastBox(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || !event.shiftKey) return;
  const target = event.target as HTMLElement;
  const box = target.closest<HTMLElement>('[role="combobox"]');
  if (!box || box === target || box.tabIndex < 0) return;
  box.tabIndex = -1;
  setTimeout(() => {
    box.tabIndex = 0;
  });
}
