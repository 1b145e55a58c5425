import type { FieldSpec } from '../../../components/form/fields';
import type { Option } from '../../../api/org/calls';
import { toOptions } from './useOptions';

/** The city-site chooser of a form or filter, for the global admin only. */
export function siteField(sites: Option[], required: boolean): FieldSpec {
  return { field: 'siteId', label: '城市站点', kind: 'select', required, options: toOptions(sites) };
}
