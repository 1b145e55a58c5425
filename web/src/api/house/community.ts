// The community dictionary (小区): communities of the caller's city, their buildings, units and
// rooms, and the typed-text suggestions of the listing forms.
import type { Schema } from '../schemas';
import { act, pageOf, read, readRecord, write } from '../org/calls';

export type Community = Schema<'Community'>;
export type CommunityDetail = Schema<'CommunityDetail'>;
export type CommunitySuggestion = Schema<'CommunitySuggestion'>;
export type CommunityFilters = Omit<Schema<'CommunityQuery'>, 'pageNum' | 'pageSize'>;
export type CommunityAdd = Schema<'CommunityAdd'>;
export type BuildingTree = Schema<'BuildingTree'>;
export type UnitTree = Schema<'UnitTree'>;
export type Room = Schema<'Room'>;
export type District = Schema<'District'>;

const base = '/api/v1/fm/house';

export const communityApi = {
  list: pageOf<Community, CommunityFilters>(`${base}/community/list`),
  detail: (id: number) => readRecord<CommunityDetail>(`${base}/community/detail`, { id }),
  suggest: (keyword: string) => read<CommunitySuggestion[]>(`${base}/community/suggest`, { keyword }),
  areas: () => read<District[]>(`${base}/community/areas`),
  add: (data: CommunityAdd) => write<Community>(`${base}/community/add`, data),
  edit: (data: Schema<'CommunityEdit'>) => write<Community>(`${base}/community/edit`, data),
  remove: (id: number) => act(`${base}/community/delete`, { id }),
};

export const buildingApi = {
  add: (data: Schema<'BuildingAdd'>) => write<Schema<'Building'>>(`${base}/building/add`, data),
  edit: (data: Schema<'BuildingEdit'>) => write<Schema<'Building'>>(`${base}/building/edit`, data),
  remove: (id: number) => act(`${base}/building/delete`, { id }),
};

export const unitApi = {
  add: (data: Schema<'UnitAdd'>) => write<Schema<'Unit'>>(`${base}/unit/add`, data),
  edit: (data: Schema<'UnitEdit'>) => write<Schema<'Unit'>>(`${base}/unit/edit`, data),
  remove: (id: number) => act(`${base}/unit/delete`, { id }),
};

export const roomApi = {
  add: (data: Schema<'RoomAdd'>) => write<Room>(`${base}/room/add`, data),
  edit: (data: Schema<'RoomEdit'>) => write<Room>(`${base}/room/edit`, data),
  remove: (id: number) => act(`${base}/room/delete`, { id }),
};
