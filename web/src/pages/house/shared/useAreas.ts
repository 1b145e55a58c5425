import { districtApi, type District } from '../../../api/org/cityConfig';
import type { EnumOption } from '../../../components/enums';
import { useOptions } from '../../org/shared/useOptions';

export interface Areas {
  districts: District[];
  districtOptions: EnumOption[];
  /** The business circles of a district. */
  circlesOf: (districtId: unknown) => EnumOption[];
}

/** The caller's city's districts and business circles (/coc reference data), for filters and forms. */
export function useAreas(): Areas {
  const districts = useOptions(() => districtApi.tree(), 'newHomeAreas');
  return {
    districts,
    districtOptions: districts.map((d) => ({ label: d.name, value: d.id })),
    circlesOf: (districtId) =>
      (districts.find((d) => d.id === Number(districtId))?.circles ?? []).map((c) => ({ label: c.name, value: c.id })),
  };
}
