import type { DistributionTarget } from '../../../api/house/newHome';

export const COMPANY = 'o:';
export const STORE = 's:';

/** The ticked keys of what is distributed now: a company chosen whole, or single stores. */
export function chosenKeys(targets: DistributionTarget[]): string[] {
  return targets.flatMap((company) => [
    ...(company.chosen ? [`${COMPANY}${company.id}`] : []),
    ...company.stores.filter((store) => store.chosen).map((store) => `${STORE}${store.id}`),
  ]);
}

/** The store keys a ticked company covers (it is given to every store of it). */
export function coveredStores(targets: DistributionTarget[], chosen: string[]): Set<string> {
  return new Set(
    targets
      .filter((company) => chosen.includes(`${COMPANY}${company.id}`))
      .flatMap((company) => company.stores.map((store) => `${STORE}${store.id}`)),
  );
}

/** What the tree shows ticked: the choice and the stores its companies cover. */
export function shownKeys(targets: DistributionTarget[], chosen: string[]): string[] {
  return [...new Set([...chosen, ...coveredStores(targets, chosen)])];
}

/**
 * The choice after the tree reports `ticked` (what it shows ticked after a click): stores shown
 * only because their company was ticked are not choices of their own, so unticking the company
 * unticks them, and ticking a company drops its stores picked one by one (it covers them).
 */
export function choiceAfter(targets: DistributionTarget[], chosen: string[], ticked: string[]): string[] {
  const before = coveredStores(targets, chosen);
  const next = ticked.filter((key) => !before.has(key));
  const now = coveredStores(targets, next);
  return next.filter((key) => !now.has(key));
}
