// Listings for sale (二手房源) and for rent (租房): one API in two route families,
// /api/v1/fm/house/old/… and /api/v1/fm/house/rental/…, and the dictionary look-ups their form
// picks a room with.
import type { Schema } from '../schemas';
import { request } from '../client';
import { act, choices, pageOf, read, readRecord, write } from '../org/calls';

/** A list row; `ownerPhone` is as the server lets this caller see it (`phoneAccess`). */
export type ListingRow = Schema<'ListingRow'>;
/** One listing with its roles, history, the core `houseAction` codes offered to this caller. */
export type ListingDetail = Schema<'ListingDetail'>;
export type ListingFilters = Omit<Schema<'ListingQuery'>, 'pageNum' | 'pageSize'>;
export type ListingAdd = Schema<'ListingAdd'>;
export type ListingEdit = Schema<'ListingEdit'>;
export type ListingTransition = Schema<'ListingTransition'>;
export type FollowUp = Schema<'FollowUp'>;
export type RevealedPhone = Schema<'RevealedPhone'>;
export type StatusChange = Schema<'StatusChange'>;
/** One photo of a listing: gallery order, cover, what it shows (core `photoCategory`). */
export type ListingPhoto = Schema<'Photo'>;
export type PhotoPlace = Schema<'PhotoPlace'>;
/** A listing's key (core `keyType`, `keyStatus`), its loans and the `keyAction` codes offered. */
export type ListingKey = Schema<'ListingKey'>;
export type KeyLoan = Schema<'KeyLoan'>;
export type KeyRegister = Schema<'KeyRegister'>;
export type KeyLend = Schema<'KeyLend'>;
/** What the form's 房源角色 offers: the city's roles, the colleagues who may fill them, and who
 *  录入 and 维护 start with. */
export type RoleChoices = Schema<'RoleChoices'>;
export type RoleColleague = Schema<'RoleColleague'>;

/** A district of the caller's city with its business circles. */
export interface AreaOption {
  id: number;
  name: string;
  circles: { id: number; name: string }[];
}

/** A community offered while typing its name, pinyin or initials. */
export interface CommunitySuggestion {
  id: number;
  name: string;
  alias?: string | null;
  districtName: string;
}

/** A building, unit or room of the dictionary. */
export interface PartOption {
  id: number;
  name: string;
  floor?: number | null;
  floors?: number | null;
  /** A room: 在售/在租 when the caller's company has a listing of the asked trade on the market
   *  for it (empty otherwise). */
  onMarket?: string;
  /** That listing's number, when `onMarket`. */
  listingId?: number | null;
  /** Who keeps that listing (`西湖店张三维护`, `公盘`) when the caller may read it; else empty. */
  listingKeeper?: string;
  /** The room in full (`2幢1单元902`), when `onMarket`. */
  label?: string;
}

/** The route family of a trade: `old` (二手房) or `rental` (租房). */
export type ListingFamily = 'old' | 'rental';

/** The listing routes of one trade. */
export function listingApi(family: ListingFamily) {
  const base = `/api/v1/fm/house/${family}`;
  return {
    list: pageOf<ListingRow, ListingFilters>(`${base}/list`),
    /** 导出: the filtered list as XLSX (the server's rows, phones as on screen); a refusal toasts. */
    exportXlsx: (filters: ListingFilters) =>
      request<Blob>({ url: `${base}/export`, data: filters, responseType: 'blob' }),
    /** Its refusal is said by the page, once. */
    detail: (id: number) => readRecord<ListingDetail>(`${base}/detail`, { id }),
    add: (data: ListingAdd) => write<ListingDetail>(`${base}/add`, data),
    edit: (data: ListingEdit) => write<ListingDetail>(`${base}/edit`, data),
    transition: (data: ListingTransition) => write<ListingDetail>(`${base}/transition`, data),
    /** A move asked for with a click (no reason): a refusal toasts. */
    move: (id: number, action: string) => act<ListingDetail>(`${base}/transition`, { id, action }),
    claim: (id: number) => act<ListingDetail>(`${base}/claim`, { id }),
    followUps: (listingId: number) =>
      read<{ list: FollowUp[]; total: number }>(`${base}/followUp/list`, { listingId, pageNum: 1, pageSize: 100 }),
    addFollowUp: (listingId: number, content: string) => write<FollowUp>(`${base}/followUp/add`, { listingId, content }),
    revealPhone: (id: number) => read<RevealedPhone>(`${base}/revealPhone`, { id }),
    /** The roles and colleagues of the form's 房源角色: of listing `id`, or of a new one. */
    roleChoices: (id?: number) => read<RoleChoices>(`${base}/roleChoices`, id === undefined ? {} : { id }),
    photos: (listingId: number) => read<ListingPhoto[]>(`${base}/photo/list`, { listingId }),
    /** A picture compressed by core's plan, base64; a refusal comes back for the uploader to show. */
    uploadPhoto: (listingId: number, content: string, category: number) =>
      write<ListingPhoto>(`${base}/photo/upload`, { listingId, content, category }),
    arrangePhotos: (listingId: number, photos: PhotoPlace[], coverId: number) =>
      act<ListingPhoto[]>(`${base}/photo/arrange`, { listingId, photos, coverId }),
    deletePhoto: (id: number) => act(`${base}/photo/delete`, { id }),
    key: (listingId: number) => read<ListingKey>(`${base}/key/get`, { listingId }),
    registerKey: (data: KeyRegister) => write<ListingKey>(`${base}/key/register`, data),
    lendKey: (data: KeyLend) => write<ListingKey>(`${base}/key/lend`, data),
    /** 归还: a click; a refusal toasts. */
    returnKey: (listingId: number) => act<ListingKey>(`${base}/key/return`, { listingId }),
    /** The caller's own copy, watermarked by the server with their name and user code. */
    photoFile: (id: number, thumb: boolean) =>
      request<Blob>({ url: `${base}/photo/file`, data: { id, thumb }, responseType: 'blob', showLoading: false }),
  };
}

export type ListingApi = ReturnType<typeof listingApi>;

/** The dictionary as the listing form walks it: community → building → unit → room. */
export const dictionaryApi = {
  areas: () => choices<AreaOption>('/api/v1/fm/house/community/areas'),
  suggest: (keyword: string) => choices<CommunitySuggestion>('/api/v1/fm/house/community/suggest', { keyword }),
  buildings: (communityId: number) => choices<PartOption>('/api/v1/fm/house/building/list', { communityId }),
  units: (buildingId: number) => choices<PartOption>('/api/v1/fm/house/unit/list', { buildingId }),
  /** With `trade` (core `houseTrade`), rooms already on the market in it are marked. */
  rooms: (unitId: number, trade?: number) => choices<PartOption>('/api/v1/fm/house/room/list', { unitId, trade }),
};
