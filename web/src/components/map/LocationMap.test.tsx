import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime';
import { AMAP_PLUGINS, amapLoaderUrl } from './amap';
import { LocationMap } from './LocationMap';

function configure(amapKey: string) {
  setRuntimeConfig({ bases: { api: '', fybApi: '', chatApi: '', ws: '' }, localMenu: false, queryKey: 'k', queryIv: 'i', amapKey });
}

const loaderScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-amap]')];

afterEach(() => {
  for (const script of loaderScripts()) script.remove();
});

describe('AMap loader (spec §9: maps version 1.4.4)', () => {
  it('asks for version 1.4.4 with the key and the spec plug-ins', () => {
    const url = new URL(amapLoaderUrl('abc123key'));
    expect(url.origin + url.pathname).toBe('https://webapi.amap.com/maps');
    expect(url.searchParams.get('v')).toBe('1.4.4');
    expect(url.searchParams.get('key')).toBe('abc123key');
    expect(url.searchParams.get('plugin')?.split(',')).toEqual(AMAP_PLUGINS);
  });
});

describe('LocationMap', () => {
  it('without a key says the map is not configured and loads nothing', () => {
    configure('');
    render(<LocationMap lng={120.135} lat={30.281} title="西湖家园" />);
    expect(screen.getByTestId('location-map').dataset.state).toBe('unconfigured');
    expect(screen.getByText('地图未配置')).toBeTruthy();
    expect(screen.getByTestId('location-map-point').textContent).toBe('经度 120.135，纬度 30.281');
    expect(loaderScripts()).toHaveLength(0);
  });

  it('without coordinates says so and loads nothing', () => {
    configure('abc123key');
    render(<LocationMap lng={null} lat={null} title="无坐标小区" />);
    expect(screen.getByTestId('location-map').dataset.state).toBe('noCoordinates');
    expect(screen.getByText('暂无坐标，无法显示位置')).toBeTruthy();
    expect(screen.queryByTestId('location-map-point')).toBeNull();
    expect(loaderScripts()).toHaveLength(0);
  });

  it('with a key and coordinates loads the 1.4.4 script with that key, once', () => {
    configure('abc123key');
    const { unmount } = render(<LocationMap lng={120.135} lat={30.281} title="西湖家园" />);
    render(<LocationMap lng={121.55} lat={29.87} title="宁波" />);
    expect(screen.getAllByTestId('location-map')[0].dataset.state).toBe('loading');
    const scripts = loaderScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe(amapLoaderUrl('abc123key'));
    expect(scripts[0].src).toContain('v=1.4.4');
    unmount();
  });
});
