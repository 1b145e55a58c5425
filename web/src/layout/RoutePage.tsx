import { Navigate, useLocation } from 'react-router-dom';
import type { RouteRecord } from '@core/wasm';
import { UnderConstruction } from '../components/UnderConstruction';
import { pageFor } from '../pages/registry';
import { useSiteStore } from '../stores/site';

/**
 * A menu route inside the layout: a directory redirects to its first page; a page renders its
 * component, or the 建设中 notice until its capability is built. A new `cached` stamp or another
 * site remounts it, so it loads afresh.
 */
export default function RoutePage({ route }: { route: RouteRecord }) {
  const { search } = useLocation();
  const siteId = useSiteStore((state) => state.siteId);
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Page = pageFor(route.componentPath);
  const freshness = `${new URLSearchParams(search).get('cached') ?? ''}:${siteId}`;
  return Page ? <Page key={freshness} route={route} /> : <UnderConstruction key={freshness} title={route.meta.title} />;
}
