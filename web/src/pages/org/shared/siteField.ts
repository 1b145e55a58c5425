import type { FieldSpec } from '../../../components/form/fields';
import type { Option } from '../../../api/org/calls';
import { toOptions } from './useOptions';

/** The city-site filter of a list, for the global admin only. */
export function siteField(sites: Option[]): FieldSpec {
  return { field: 'siteId', label: '城市站点', kind: 'select', options: toOptions(sites) };
}
