// 高德地图 (AMap) JS API, version 1.4.4 (spec §9), loaded from its script URL only when the
// deployment's runtime-config.json carries a key, and at most once per page.
import { textConstants } from '@core/wasm';

/** The plug-ins the spec's maps service loads: autocomplete, place search, geocoder, editing. */
export const AMAP_PLUGINS = ['AMap.Autocomplete', 'AMap.PlaceSearch', 'AMap.Geocoder', 'AMap.PolyEditor', 'AMap.CircleEditor'];

/** The version of the maps service (core's §9 constant, 1.4.4). */
export function amapVersion(): string {
  return textConstants().mapsVersion;
}

/** The loader script's address for `key`: the 1.4.4 API with the spec's plug-ins. */
export function amapLoaderUrl(key: string): string {
  const query = new URLSearchParams({ v: amapVersion(), key, plugin: AMAP_PLUGINS.join(',') });
  return `https://webapi.amap.com/maps?${query.toString()}`;
}

/** The little of AMap 1.4 the location map uses. */
export interface AMapApi {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number; resizeEnable?: boolean }) => AMapMap;
  Marker: new (options: { position: [number, number]; title?: string; map?: AMapMap }) => unknown;
}

export interface AMapMap {
  destroy(): void;
}

declare global {
  interface Window {
    AMap?: AMapApi;
  }
}

let loading: Promise<AMapApi> | undefined;

/** Loads the API for `key` once; a failed load may be tried again. */
export function loadAMap(key: string): Promise<AMapApi> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (loading) return loading;
  loading = new Promise<AMapApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = amapLoaderUrl(key);
    script.async = true;
    script.dataset.amap = amapVersion();
    script.onload = () => (window.AMap ? resolve(window.AMap) : reject(new Error('AMap missing after load')));
    script.onerror = () => reject(new Error('AMap script failed'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    document.head.querySelector('script[data-amap]')?.remove();
    throw error;
  });
  return loading;
}
