import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { RouteRecord } from '@core/wasm';
import { DetailError } from '../components/detail/DetailPage';
import { isRecordId } from '../components/detail/recordId';
import { RouteActionsProvider } from '../components/Permission';
import { UnderConstruction } from '../components/UnderConstruction';
import { TEXT } from '../config/coreData';
import { pageFor } from '../pages/registry';
import { freshnessOf } from '../router/useNav';
import { useSiteStore } from '../stores/site';

/**
 * A menu route inside the layout: a directory redirects to its first page; a page renders its
 * component, or the 建设中 notice until its capability is built, with its route's allowed actions
 * for the buttons below it. Another address, a new `cached` stamp or another site remounts it, so
 * it loads afresh.
 */
export default function RoutePage({ route }: { route: RouteRecord }) {
  const location = useLocation();
  const siteId = useSiteStore((state) => state.siteId);
  const { id } = useParams();
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  // Every `:id` of the product is a record's number: one that is not names no record, and says
  // so as an unknown number does, without a request. An edit page's `new` enters a record.
  const entering = id === 'new' && route.componentPath.endsWith('/edit');
  if (route.path.includes('/:id') && !isRecordId(id) && !entering)
    return <DetailError error={new Error(TEXT.recordNotFound)} />;
  // The registry's pages are made once, when it loads: the lookup creates no component.
  const Page = pageFor(route.componentPath);
  // The address is part of it: two records of one detail route (two 员工详情 tabs) are two
  // pages, so one never shows, or names its tab after, the record the other loaded.
  const freshness = `${location.pathname}:${freshnessOf(location)}:${siteId}`;
  return (
    <RouteActionsProvider route={route}>
      {Page ? (
        // eslint-disable-next-line react-hooks/static-components -- see the lookup above
        <Page key={freshness} route={route} />
      ) : (
        <UnderConstruction key={freshness} title={route.meta.title} />
      )}
    </RouteActionsProvider>
  );
}
