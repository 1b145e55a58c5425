import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Empty } from './Empty';

afterEach(() => vi.useRealTimers());

describe('Empty placeholder (spec §2)', () => {
  it("shows '~暂无数据~' only after 500 ms", () => {
    vi.useFakeTimers();
    render(<Empty />);
    expect(screen.queryByText('~暂无数据~')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('~暂无数据~')).toBeTruthy();
  });
});
