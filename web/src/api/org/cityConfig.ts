// City reference data: listing roles, districts with business circles, building types.
import { act, pageOf, read, write } from './calls';

export interface ListingRole {
  id: number;
  siteId: number;
  siteName: string;
  name: string;
  /** Percent with two decimals, as text ("12.50"). */
  ratio?: string | null;
  sort: number;
  remark?: string | null;
  createdAt: number;
}

export interface BusinessCircle {
  id: number;
  districtId: number;
  name: string;
  sort: number;
}

export interface District {
  id: number;
  siteId: number;
  name: string;
  sort: number;
  circles: BusinessCircle[];
}

export interface BuildingType {
  id: number;
  siteId: number;
  siteName: string;
  name: string;
  sort: number;
  remark?: string | null;
  createdAt: number;
}

const base = '/api/v1/fm/cityConfig';

export const listingRoleApi = {
  list: pageOf<ListingRole, { name?: string; siteId?: number }>(`${base}/listingRole/list`),
  add: (data: { siteId?: number; name: string; ratio?: string; sort?: number; remark?: string }) =>
    write<ListingRole>(`${base}/listingRole/add`, data),
  edit: (data: { id: number; name: string; ratio?: string; sort: number; remark?: string }) =>
    write<ListingRole>(`${base}/listingRole/edit`, data),
  remove: (id: number) => act(`${base}/listingRole/delete`, { id }),
};

export const districtApi = {
  tree: (siteId?: number) => read<District[]>(`${base}/district/tree`, { siteId }),
  add: (data: { siteId?: number; name: string; sort?: number }) => write<District>(`${base}/district/add`, data),
  edit: (data: { id: number; name: string; sort: number }) => write<District>(`${base}/district/edit`, data),
  remove: (id: number) => act(`${base}/district/delete`, { id }),
  addCircle: (data: { districtId: number; name: string; sort?: number }) =>
    write<BusinessCircle>(`${base}/businessCircle/add`, data),
  editCircle: (data: { id: number; name: string; sort: number }) =>
    write<BusinessCircle>(`${base}/businessCircle/edit`, data),
  removeCircle: (id: number) => act(`${base}/businessCircle/delete`, { id }),
};

export const buildingTypeApi = {
  list: pageOf<BuildingType, { name?: string; siteId?: number }>(`${base}/buildingType/list`),
  add: (data: { siteId?: number; name: string; sort?: number; remark?: string }) =>
    write<BuildingType>(`${base}/buildingType/add`, data),
  edit: (data: { id: number; name: string; sort: number; remark?: string }) =>
    write<BuildingType>(`${base}/buildingType/edit`, data),
  remove: (id: number) => act(`${base}/buildingType/delete`, { id }),
};
