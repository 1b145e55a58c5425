import { useEffect, useRef, useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { IconLocation } from '@arco-design/web-react/icon';
import { runtimeConfig } from '../../config/runtime';
import { loadAMap, type AMapMap } from './amap';
import './locationMap.css';

type MapState = 'unconfigured' | 'noCoordinates' | 'loading' | 'shown' | 'failed';

const NOTICE: Record<Exclude<MapState, 'shown'>, string> = {
  unconfigured: '地图未配置',
  noCoordinates: '暂无坐标，无法显示位置',
  loading: '地图加载中…',
  failed: '地图加载失败，请检查网络或地图Key',
};

const HINT: Partial<Record<MapState, string>> = {
  unconfigured: '地图服务尚未开通，请联系系统管理员',
  noCoordinates: '在小区字典中填写经纬度后显示位置',
};

function configuredKey(): string {
  try {
    return runtimeConfig().amapKey ?? '';
  } catch {
    return '';
  }
}

/**
 * Where a community is, on an AMap 1.4.4 map with a marker (spec §9). Without a key in the
 * runtime config the area says the map is not configured and nothing is loaded; without
 * coordinates it says so.
 */
export function LocationMap({ lng, lat, title }: { lng?: number | null; lat?: number | null; title: string }) {
  const key = configuredKey();
  const point: [number, number] | undefined =
    typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat) ? [lng, lat] : undefined;
  const hasPoint = point !== undefined;
  const [pointLng, pointLat] = point ?? [0, 0];
  // What became of loading the map for a point (keyed by it); until then, loading.
  const [outcome, setOutcome] = useState<{ at: string; state: 'shown' | 'failed' }>();
  const at = `${key}|${pointLng},${pointLat}|${title}`;
  const state: MapState = !key
    ? 'unconfigured'
    : !hasPoint
      ? 'noCoordinates'
      : outcome?.at === at
        ? outcome.state
        : 'loading';
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!key || !hasPoint) return undefined;
    let map: AMapMap | undefined;
    let live = true;
    loadAMap(key)
      .then((AMap) => {
        if (!live || !container.current) return;
        const position: [number, number] = [pointLng, pointLat];
        map = new AMap.Map(container.current, { center: position, zoom: 16, resizeEnable: true });
        new AMap.Marker({ position, title, map });
        setOutcome({ at, state: 'shown' });
      })
      .catch(() => {
        if (live) setOutcome({ at, state: 'failed' });
      });
    return () => {
      live = false;
      map?.destroy();
    };
  }, [key, hasPoint, pointLng, pointLat, title, at]);

  return (
    <div className="location-map" data-testid="location-map" data-state={state}>
      <div ref={container} className="location-map__canvas" hidden={state !== 'shown' && state !== 'loading'} />
      {state !== 'shown' && (
        <div className="location-map__notice">
          <IconLocation className="location-map__icon" />
          <Typography.Text data-testid="location-map-notice">{NOTICE[state]}</Typography.Text>
          {HINT[state] && <Typography.Text type="secondary">{HINT[state]}</Typography.Text>}
        </div>
      )}
      {hasPoint && (
        <Typography.Text type="secondary" className="location-map__point" data-testid="location-map-point">
          经度 {pointLng}，纬度 {pointLat}
        </Typography.Text>
      )}
    </div>
  );
}
