// The adapter must load before any Arco component, or Message/Notification render nothing on React 19.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import '@arco-design/web-react/dist/css/arco.css';
import { LoadingOverlay } from './components/LoadingOverlay';
import { NavProgressBar } from './components/NavProgressBar';
import { loadRuntimeConfig } from './config/runtime';
import { AppRoutes } from './router/AppRoutes';
import { useMenuStore } from './stores/menu';
import { useSessionStore } from './stores/session';
import './styles.css';

async function start() {
  await loadRuntimeConfig();
  // With a session, the saved menu becomes routes before the first navigation is matched.
  const { token, userId } = useSessionStore.getState();
  if (token && userId) useMenuStore.getState().restore(userId);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={zhCN}>
        <BrowserRouter>
          <NavProgressBar />
          <LoadingOverlay />
          <AppRoutes />
        </BrowserRouter>
      </ConfigProvider>
    </StrictMode>,
  );
}

void start();
