import { describe, expect, it } from 'vitest';
import { menuStatusText, menuTypeText, MENU_TYPES, statusesOf } from './menuVocabulary';

describe("the route config's vocabulary, from core", () => {
  it('offers a directory only the directory status and a page shown or hidden', () => {
    expect(statusesOf(1).map((option) => option.label)).toEqual(['目录']);
    expect(statusesOf(2).map((option) => option.label)).toEqual(['显示页面', '隐藏详情页']);
    expect(statusesOf(undefined)).toEqual([]);
  });

  it('labels types and statuses', () => {
    expect(MENU_TYPES.map((option) => option.label)).toEqual(['目录', '页面']);
    expect(menuTypeText(2)).toBe('页面');
    expect(menuStatusText(3)).toBe('隐藏详情页');
    expect(menuStatusText(9)).toBe('—');
  });
});
