import { companyApi, departmentApi, positionApi, storeApi } from '../../../api/org/org';
import { roleApi } from '../../../api/org/role';
import { useOptions } from './useOptions';
import type { PlacementChoices } from './staffForm';

/**
 * Stores, departments, positions and assignable roles the caller sees, in every company they
 * reach (the form narrows them to the chosen one); companies when they choose one.
 */
export function usePlacementChoices(withCompany: boolean): PlacementChoices {
  const companies = useOptions(() => (withCompany ? companyApi.options() : Promise.resolve([])));
  const stores = useOptions(() => storeApi.options());
  const departments = useOptions(() => departmentApi.options());
  const positions = useOptions(() => positionApi.options());
  const roles = useOptions(() => roleApi.options());
  return { companies: withCompany ? companies : undefined, stores, departments, positions, roles };
}
