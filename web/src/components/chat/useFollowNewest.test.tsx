import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFollowNewest } from './useFollowNewest';

/** A list of `count` entries. */
function List({ count, asked }: { count: number; asked: number }) {
  const { list, onScroll, follow } = useFollowNewest<HTMLDivElement>([count]);
  if (asked) follow();
  return (
    <div data-testid="list" ref={list} onScroll={onScroll}>
      {Array.from({ length: count }, (_, index) => (
        <p key={index} />
      ))}
    </div>
  );
}

// jsdom lays nothing out: the list is 300 px tall and each entry 100 px.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.childElementCount * 100;
  },
});

describe('the chat list follows the newest entry', () => {
  it('scrolls to a new entry, leaves a reader who scrolled up, and follows again once asked', () => {
    const { rerender } = render(<List count={3} asked={0} />);
    const list = screen.getByTestId('list');
    rerender(<List count={6} asked={0} />);
    expect(list.scrollTop).toBe(600);
    // The reader scrolls up to read an older answer: the growing answer does not yank them.
    list.scrollTop = 100;
    fireEvent.scroll(list);
    rerender(<List count={7} asked={0} />);
    expect(list.scrollTop).toBe(100);
    // Back at the bottom (within a few px), it follows again.
    list.scrollTop = 700 - 300 - 10;
    fireEvent.scroll(list);
    rerender(<List count={8} asked={0} />);
    expect(list.scrollTop).toBe(800);
    // Asking while scrolled up brings the question into view.
    list.scrollTop = 0;
    fireEvent.scroll(list);
    rerender(<List count={9} asked={1} />);
    expect(list.scrollTop).toBe(900);
  });
});
