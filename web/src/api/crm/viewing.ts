// 带看 and 匹配 (docs/customers.md): a customer's or a listing's viewings, recording one with the
// listing picker and the companions, its feedback, and matching both ways.
import type { ListingRow } from '../house/oldHouse';
import { choices, read, write } from '../org/calls';

/** One viewing; `customerName` is 王先生 when the caller does not read the customer. */
export interface ViewingRow {
  id: number;
  customerId: number;
  customerName: string;
  customerReadable: boolean;
  /** Core `viewingKind`. */
  kind: number;
  listingId?: number | null;
  projectId?: number | null;
  targetName: string;
  userId?: number | null;
  userName: string;
  companionId?: number | null;
  companionName: string;
  at: number;
  feedback: string;
  mayWriteFeedback: boolean;
}

export interface ViewingAdd {
  customerId: number;
  kind: number;
  listingId?: number;
  projectId?: number;
  viewDate: string;
  viewTime: string;
  companionId?: number;
  feedback?: string;
}

export interface ViewingTarget {
  id: number;
  label: string;
  fits: boolean;
}

export interface Companion {
  id: number;
  name: string;
  storeName: string;
}

export interface ProjectOffer {
  id: number;
  name: string;
  districtName: string;
  saleStatus: number;
  averagePrice?: number | null;
  layouts: string[];
  areaMin: number;
  areaMax: number;
  priceMin?: number | null;
  priceMax?: number | null;
}

export interface OfferMatch {
  score: number;
  listing?: ListingRow | null;
  project?: ProjectOffer | null;
}

export interface OfferMatches {
  kind: number;
  list: OfferMatch[];
  total: number;
}

/** A customer row as the customer list shows it (phone as the caller may see it). */
export interface MatchedCustomer {
  id: number;
  name: string;
  sex: number;
  phone: string;
  level: number;
  demand: number;
  budgetMin?: number | null;
  budgetMax?: number | null;
  areaMin?: number | null;
  areaMax?: number | null;
  districtNames: string[];
  rooms?: number | null;
  ownerName: string;
  storeName: string;
  pool: number;
}

export interface CustomerMatch {
  score: number;
  customer: MatchedCustomer;
}

const BASE = '/api/v1/fm/crm';

export const viewingApi = {
  ofCustomer: (customerId: number) =>
    read<{ list: ViewingRow[]; total: number }>(`${BASE}/viewing/list`, { customerId, pageNum: 1, pageSize: 100 }),
  ofListing: (listingId: number) =>
    read<{ list: ViewingRow[]; total: number }>(`${BASE}/viewing/list`, { listingId, pageNum: 1, pageSize: 100 }),
  add: (data: ViewingAdd) => write<ViewingRow>(`${BASE}/viewing/add`, data),
  feedback: (id: number, feedback: string) => write<ViewingRow>(`${BASE}/viewing/feedback`, { id, feedback }),
  companions: () => choices<Companion>(`${BASE}/viewing/companions`),
  targets: (customerId: number, kind: number, keyword: string) =>
    choices<ViewingTarget>(`${BASE}/viewing/targets`, { customerId, kind, keyword }),
  matchListings: (customerId: number) =>
    read<OfferMatches>(`${BASE}/match/listings`, { customerId, pageNum: 1, pageSize: 20 }),
  matchCustomers: (listingId: number) =>
    read<{ list: CustomerMatch[]; total: number }>(`${BASE}/match/customers`, { listingId, pageNum: 1, pageSize: 20 }),
};
