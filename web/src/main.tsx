// The adapter must load before any Arco component, or Message/Notification render nothing on React 19.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import { QueryClientProvider } from '@tanstack/react-query';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { queryClient } from './api/queryClient';
import { LoadingOverlay } from './components/LoadingOverlay';
import { NavProgressBar } from './components/NavProgressBar';
import { loadRuntimeConfig } from './config/runtime';
import { coreReady, loadCoreOnFirstInput } from './core/ready';
import { AppRoutes } from './router/AppRoutes';
import { preloadRoute } from './router/routeChunks';
import { useMenuStore } from './stores/menu';
import { useSessionStore } from './stores/session';
import { useSiteStore } from './stores/site';
import { useUserStore } from './stores/user';
import './styles.css';

/** Where a visitor without a session meets the login form (`/` sends them to it). */
const LOGIN_PATHS = new Set(['/', '/login']);

async function start() {
  const config = loadRuntimeConfig();
  const { token, userId } = useSessionStore.getState();
  // A visitor without a session at the login page sees the form without waiting for core's wasm
  // module: it comes once they start typing, and the form's checks wait for it.
  if (!token && LOGIN_PATHS.has(window.location.pathname)) loadCoreOnFirstInput();
  else await coreReady();
  // With a session, the saved menu becomes routes before the first navigation is matched, and the
  // page being reloaded starts fetching its code now, beside the config, user info and menu.
  let pageCode: Promise<unknown> = Promise.resolve();
  if (token && userId) {
    useMenuStore.getState().restore(userId);
    pageCode = preloadRoute(useMenuStore.getState().routeTable, window.location.pathname).catch(() => undefined);
    // With this tab's user info (and so their city site) the page renders and asks for its data
    // at once; the layout refreshes info and menu beside it. Its code is awaited first (from
    // the cache on a reload): a first render that suspends on it is shown ~300 ms late by React.
    const info = useUserStore.getState().restore(userId) ? useUserStore.getState().info : undefined;
    if (info) useSiteStore.getState().restore(userId, info.sites);
    else pageCode = Promise.resolve();
  }
  await Promise.all([config, pageCode]);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={zhCN}>
          <BrowserRouter>
            <NavProgressBar />
            <LoadingOverlay />
            <AppRoutes />
          </BrowserRouter>
        </ConfigProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
