import { describe, expect, it } from 'vitest';
import { percentOf, shareOf } from './percent';

describe('a percent box over a 0–1 share (检索测试 相似度阈值)', () => {
  it('shows the share as a percentage', () => {
    expect(percentOf(0.3)).toBe('30');
    expect(percentOf('0.29')).toBe('29');
    expect(percentOf(1)).toBe('100');
    expect(percentOf(undefined)).toBe('');
  });

  it('keeps what is typed as the share core checks, and leaves text that is no number to core', () => {
    expect(shareOf('30')).toBe(0.3);
    expect(shareOf(' 29 ')).toBe(0.29);
    expect(shareOf('100')).toBe(1);
    expect(shareOf('')).toBe('');
    expect(shareOf('三十')).toBe('三十');
  });
});
