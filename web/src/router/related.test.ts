import { describe, expect, it } from 'vitest';
import { buildRouteTable, defaultMenuTree, findRoute } from '@core/wasm';
import { relatedPath } from './related';

const table = buildRouteTable(defaultMenuTree());

describe('relatedPath', () => {
  it('links a list to the detail page of its own workspace', () => {
    const workStaff = findRoute(table, '/work/store/staff')!;
    const cocStaff = findRoute(table, '/coc/hr/staff')!;
    expect(relatedPath(table, workStaff, 'userInfo', 12)).toBe('/work/store/userInfo/12');
    expect(relatedPath(table, cocStaff, 'userInfo', 12)).toBe('/coc/hr/userInfo/12');
  });

  it('is undefined when the menu lacks the page', () => {
    const workStaff = findRoute(table, '/work/store/staff')!;
    expect(relatedPath(table, workStaff, 'company/partnerDetail', 1)).toBeUndefined();
  });
});
