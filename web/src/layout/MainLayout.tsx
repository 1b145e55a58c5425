import { Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Layout } from '@arco-design/web-react';
import { findRoute } from '@core/wasm';
import { useSessionRefresh } from '../router/session';
import { useMenuStore } from '../stores/menu';
import { selectMenuCollapsed, useSettingsStore } from '../stores/settings';
import { useSiteStore } from '../stores/site';
import { HeaderBar } from './HeaderBar';
import { PageLoading } from './PageLoading';
import { Sidebar } from './Sidebar';
import { TabsBar } from './TabsBar';
import { currentWorkspace } from './workspace';
import './MainLayout.css';

const SIDER_WIDTH = 220;
const SIDER_COLLAPSED_WIDTH = 48;
const SIDER_BREAKPOINT = 'lg';

/** The workspace frame: sidebar from the menu, header, visited-view tabs, the page. */
export default function MainLayout() {
  const { pathname } = useLocation();
  const table = useMenuStore((state) => state.routeTable);
  const collapsed = useSettingsStore(selectMenuCollapsed);
  const setNarrowWindow = useSettingsStore((state) => state.setNarrowWindow);
  const themeType = useSettingsStore((state) => state.themeType);
  // The server narrows every answer to the chosen city: a switch reloads the page's data.
  const siteId = useSiteStore((state) => state.siteId);
  const workspace = currentWorkspace(table, pathname);
  // A detail page lights up the list it belongs to, with its directory open.
  const sidebarPath = findRoute(table, pathname)?.meta.owner || pathname;
  useSessionRefresh();
  // The pages share one scrolling box: another page opens at its top, not where the last one
  // was left (a room's 录入房源 low on 小区详情 opened the entry form halfway down).
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    content.current?.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <Layout className="app-layout" data-theme-type={themeType}>
      <Layout.Sider
        className="app-sidebar"
        collapsed={collapsed}
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        // Below the breakpoint (992 px) the sidebar starts collapsed, leaving the page its room;
        // the header's toggle (a button, so keyboard-usable) still opens it.
        collapsible
        breakpoint={SIDER_BREAKPOINT}
        onBreakpoint={setNarrowWindow}
        trigger={null}
      >
        <div className="app-sidebar__brand">
          <svg viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="rgb(var(--primary-6))" />
            <path d="M7 16.5 16 9l9 7.5V25h-6v-5h-6v5H7z" fill="#fff" />
          </svg>
          {!collapsed && <span>房产经纪管理平台</span>}
        </div>
        <Sidebar items={workspace?.children ?? []} pathname={sidebarPath} collapsed={collapsed} />
      </Layout.Sider>
      <Layout className="app-main">
        <Layout.Header className="app-main__header">
          <HeaderBar workspace={workspace} workspaces={table.sidebar} />
        </Layout.Header>
        <TabsBar />
        <Layout.Content className="app-main__content" ref={content}>
          <Suspense key={siteId} fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
