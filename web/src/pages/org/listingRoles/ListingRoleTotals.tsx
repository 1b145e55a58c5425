import { Alert } from '@arco-design/web-react';
import { listingRoleApi } from '../../../api/org/cityConfig';
import { useRead } from '../../../api/useRead';

/**
 * Each city's 合计 of its listing-role splits above the list, and core's warning while it is not
 * 100% (the server refuses only a save past 100%; a city adds its roles one at a time). Every
 * save refreshes it (a write marks all reads stale).
 */
export function ListingRoleTotals({ withSite }: { withSite: boolean }) {
  const totals = useRead(listingRoleApi.totals).data ?? [];
  if (totals.length === 0) return null;
  return (
    <div style={{ display: 'grid', gap: 8, fontWeight: 'normal' }} data-testid="listing-role-totals">
      {totals.map((city) => {
        const label = `${withSite ? `${city.siteName} ` : ''}合计 ${city.total}%`;
        return (
          <Alert
            key={city.siteId}
            type={city.complete ? 'success' : 'warning'}
            showIcon
            data-testid="listing-role-total"
            title={label}
            content={city.warning ?? undefined}
          />
        );
      })}
    </div>
  );
}
