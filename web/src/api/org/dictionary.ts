// Parameter configuration: typed values per company.
import { act, pageOf, write } from './calls';

export interface Dictionary {
  id: number;
  organisationId?: number | null;
  organisationName?: string | null;
  dictKey: string;
  label: string;
  /** core `dictionaryValueType`: string, number, boolean, json. */
  valueType: string;
  value: string;
  remark?: string | null;
  updatedAt: number;
}

type DictionaryFields = Pick<Dictionary, 'label' | 'valueType' | 'value'> & { remark?: string };

export const dictionaryApi = {
  list: pageOf<Dictionary, { keyword?: string; organisationId?: number }>('/api/v1/fm/dictionary/list'),
  add: (data: DictionaryFields & { organisationId?: number; dictKey: string }) =>
    write<Dictionary>('/api/v1/fm/dictionary/add', data),
  edit: (data: DictionaryFields & { id: number }) => write<Dictionary>('/api/v1/fm/dictionary/edit', data),
  remove: (id: number) => act('/api/v1/fm/dictionary/delete', { id }),
};
