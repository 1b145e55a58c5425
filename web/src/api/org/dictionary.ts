// Parameter configuration: typed values per company.
import type { Schema } from '../schemas';
import { act, pageOf, write } from './calls';

export type Dictionary = Schema<'Dictionary'>;

export const dictionaryApi = {
  list: pageOf<Dictionary, Omit<Schema<'DictionaryQuery'>, 'pageNum' | 'pageSize'>>('/api/v1/fm/dictionary/list'),
  add: (data: Schema<'DictionaryAdd'>) => write<Dictionary>('/api/v1/fm/dictionary/add', data),
  edit: (data: Schema<'DictionaryEdit'>) => write<Dictionary>('/api/v1/fm/dictionary/edit', data),
  remove: (id: number) => act('/api/v1/fm/dictionary/delete', { id }),
};
