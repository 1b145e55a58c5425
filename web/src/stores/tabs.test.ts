import { beforeEach, describe, expect, it } from 'vitest';
import { buildRouteTable, defaultMenuTree, makeVisitedView, tabCap } from '@core/wasm';
import { useTabsStore } from './tabs';

function view(path: string, query: Record<string, string> = {}) {
  return makeVisitedView(path, path, query, `页面${path}`, null);
}

beforeEach(() => {
  sessionStorage.clear();
  useTabsStore.setState({ views: [] });
});

describe('visited-view tabs (spec §2)', () => {
  it('caps at floor((width − 150) / 150) and drops the oldest with its session entry', () => {
    const width = 620; // cap 3
    expect(tabCap(width)).toBe(3);
    sessionStorage.setItem('/a', 'page state of a');
    const { open } = useTabsStore.getState();
    for (const path of ['/a', '/b', '/c', '/d']) open(view(path), width);
    expect(useTabsStore.getState().views.map((v) => v.path)).toEqual(['/b', '/c', '/d']);
    expect(sessionStorage.getItem('/a')).toBeNull();
  });

  it('is unique by path and titled by the query title, else the name', () => {
    const { open } = useTabsStore.getState();
    open(view('/a'), 1920);
    open(view('/b'), 1920);
    open(view('/a', { title: '张三的客户' }), 1920);
    const views = useTabsStore.getState().views;
    expect(views.map((v) => v.path)).toEqual(['/a', '/b']);
    expect(views.map((v) => v.title)).toEqual(['张三的客户', '页面/b']);
  });

  it('closing a tab removes its session-storage entry', () => {
    const { open, close } = useTabsStore.getState();
    open(view('/a'), 1920);
    open(view('/b'), 1920);
    sessionStorage.setItem('/a', 'page state of a');
    close('/a');
    expect(useTabsStore.getState().views.map((v) => v.path)).toEqual(['/b']);
    expect(sessionStorage.getItem('/a')).toBeNull();
  });

  it('a narrower window closes the oldest tabs, keeping the newest', () => {
    const { open, fit } = useTabsStore.getState();
    for (const path of ['/a', '/b', '/c', '/d', '/e']) open(view(path), 1920);
    fit(460); // cap 2
    expect(useTabsStore.getState().views.map((v) => v.path)).toEqual(['/d', '/e']);
  });

  it('keeps the pinned home tab first and open however many tabs the cap drops', () => {
    const { open, close } = useTabsStore.getState();
    open(view('/a'), 460);
    open({ ...view('/home'), pinned: true }, 460);
    for (const path of ['/b', '/c', '/d']) open(view(path), 460); // cap 2
    expect(useTabsStore.getState().views.map((v) => v.path)).toEqual(['/home', '/d']);
    close('/home');
    expect(useTabsStore.getState().views.map((v) => v.path)).toEqual(['/home', '/d']);
  });

  it('names two tabs of one detail page by their records, and a renamed menu renames tabs', () => {
    const { open, name, refresh } = useTabsStore.getState();
    const detail = (id: number) => makeVisitedView(`/work/store/userInfo/${id}`, `/work/store/userInfo/${id}`, {}, '员工详情', null);
    open(detail(1), 1920);
    open(detail(2), 1920);
    open(makeVisitedView('/work/store/staff', '/work/store/staff', {}, '门店员工', null), 1920);
    name('/work/store/userInfo/1', '张三');
    name('/work/store/userInfo/2', '李四');
    const menus = defaultMenuTree();
    const store = menus[0].children.find((entry) => entry.menuPage === '/work/store');
    const staff = store?.children.find((entry) => entry.menuPage === '/work/store/staff');
    if (!staff) throw new Error('the default menu has no 门店员工');
    staff.menuName = '店员';
    refresh(buildRouteTable(menus));
    expect(useTabsStore.getState().views.map((v) => v.title)).toEqual(['张三 · 员工详情', '李四 · 员工详情', '店员']);
  });
});
