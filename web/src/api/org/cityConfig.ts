// City reference data: listing roles, districts with business circles, building types.
import type { Schema } from '../schemas';
import { act, pageOf, read, write } from './calls';

export type ListingRole = Schema<'ListingRole'>;
export type ListingRoleTotal = Schema<'ListingRoleTotal'>;
export type BusinessCircle = Schema<'BusinessCircle'>;
export type District = Schema<'District'>;
export type BuildingType = Schema<'BuildingType'>;

const base = '/api/v1/fm/cityConfig';

export const listingRoleApi = {
  list: pageOf<ListingRole, Omit<Schema<'ListingRoleQuery'>, 'pageNum' | 'pageSize'>>(`${base}/listingRole/list`),
  totals: () => read<ListingRoleTotal[]>(`${base}/listingRole/totals`),
  add: (data: Schema<'ListingRoleAdd'>) =>
    write<ListingRole>(`${base}/listingRole/add`, data),
  edit: (data: Schema<'ListingRoleEdit'>) =>
    write<ListingRole>(`${base}/listingRole/edit`, data),
  remove: (id: number) => act(`${base}/listingRole/delete`, { id }),
};

export const districtApi = {
  tree: (siteId?: number) => read<District[]>(`${base}/district/tree`, { siteId }),
  add: (data: Schema<'DistrictAdd'>) => write<District>(`${base}/district/add`, data),
  edit: (data: Schema<'NameEdit'>) => write<District>(`${base}/district/edit`, data),
  remove: (id: number) => act(`${base}/district/delete`, { id }),
  addCircle: (data: Schema<'CircleAdd'>) =>
    write<BusinessCircle>(`${base}/businessCircle/add`, data),
  editCircle: (data: Schema<'NameEdit'>) =>
    write<BusinessCircle>(`${base}/businessCircle/edit`, data),
  removeCircle: (id: number) => act(`${base}/businessCircle/delete`, { id }),
};

export const buildingTypeApi = {
  list: pageOf<BuildingType, Omit<Schema<'BuildingTypeQuery'>, 'pageNum' | 'pageSize'>>(`${base}/buildingType/list`),
  add: (data: Schema<'BuildingTypeAdd'>) =>
    write<BuildingType>(`${base}/buildingType/add`, data),
  edit: (data: Schema<'BuildingTypeEdit'>) =>
    write<BuildingType>(`${base}/buildingType/edit`, data),
  remove: (id: number) => act(`${base}/buildingType/delete`, { id }),
};
