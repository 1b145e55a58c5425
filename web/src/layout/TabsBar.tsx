import { useEffect, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs } from '@arco-design/web-react';
import { findRoute, makeVisitedView } from '@core/wasm';
import { LIMITS } from '../config/coreData';
import { useMenuStore } from '../stores/menu';
import { useTabsStore } from '../stores/tabs';
import { useRouteQuery } from '../router/useNav';

/** Records the current page as a visited view and shows the open tabs (spec §2). */
export function TabsBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useRouteQuery();
  const table = useMenuStore((state) => state.routeTable);
  const { views, open, fit, close, refresh } = useTabsStore();

  // A new menu (a rename in 路由配置, another user) renames the open tabs; home is pinned first.
  useEffect(() => {
    refresh(table);
    const home = table.home ? findRoute(table, table.home) : undefined;
    if (home) open({ ...makeVisitedView(table.home, table.home, {}, home.name, home.meta), pinned: true }, window.innerWidth);
  }, [table, refresh, open]);

  useEffect(() => {
    const route = findRoute(table, location.pathname);
    if (!route || route.redirect) return;
    const fullPath = location.pathname + location.search;
    open(makeVisitedView(location.pathname, fullPath, query, route.name, route.meta), window.innerWidth);
  }, [table, location.pathname, location.search, query, open]);

  useEffect(() => {
    const onResize = () => fit(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fit]);

  const active = views.some((view) => view.path === location.pathname) ? location.pathname : undefined;

  const onDelete = (path: string) => {
    close(path);
    if (path !== location.pathname) return;
    const next = useTabsStore.getState().views.at(-1);
    navigate(next ? next.fullPath : table.home || '/login');
  };

  return (
    // A tab is core's tab width at most (the width its cap counts with): a longer title ends in …
    // and shows whole in the tab's tooltip.
    <div className="app-tabs" data-testid="tabs-bar" style={{ '--tab-width': `${LIMITS.tabWidth}px` } as CSSProperties}>
      <Tabs
        type="card-gutter"
        size="small"
        editable
        showAddButton={false}
        activeTab={active}
        onChange={(path) => {
          const view = views.find((candidate) => candidate.path === path);
          if (view) navigate(view.fullPath);
        }}
        onDeleteTab={onDelete}
      >
        {views.map((view) => (
          <Tabs.TabPane
            key={view.path}
            title={
              <span className="app-tabs__title" data-tab-path={view.path} title={view.title}>
                {view.title}
              </span>
            }
            closable={!view.pinned && views.length > 1}
          />
        ))}
      </Tabs>
    </div>
  );
}
