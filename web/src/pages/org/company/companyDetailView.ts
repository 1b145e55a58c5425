/**
 * The detail page of a company by its organisation scope (core `organisationScope`), as the
 * route config names them: 2 brokerage company, 3 independent broker, 4 partner organisation.
 */
const DETAIL_VIEWS: Record<number, string> = {
  2: 'company/brokerageDetail',
  3: 'company/independentDetail',
  4: 'company/partnerDetail',
};

export function companyDetailView(scope: number): string | undefined {
  return DETAIL_VIEWS[scope];
}
