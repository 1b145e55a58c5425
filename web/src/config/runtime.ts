// Deployment settings read at start from /runtime-config.json, so one build serves every host.

/** Base addresses of the upstreams; an empty string means the serving origin. */
export interface HostBases {
  api: string;
  fybApi: string;
  chatApi: string;
  ws: string;
}

interface RuntimeConfigFile {
  hosts: Record<string, Partial<HostBases>>;
  localMenu?: boolean;
  queryKey: string;
  queryIv: string;
  /** The AMap (高德地图) Web key of this deployment; empty or absent: no map is loaded. */
  amapKey?: string;
}

export interface RuntimeConfig {
  bases: HostBases;
  localMenu: boolean;
  queryKey: string;
  queryIv: string;
  /** The AMap Web key, trimmed; '' or absent when maps are not configured. */
  amapKey?: string;
}

const SERVING_ORIGIN: HostBases = { api: '', fybApi: '', chatApi: '', ws: '' };

let current: RuntimeConfig | undefined;

/** The bases of this hostname, else the `default` entry, else the serving origin. */
export function resolveRuntimeConfig(file: RuntimeConfigFile, hostname: string): RuntimeConfig {
  const hostBases = file.hosts[hostname] ?? file.hosts.default ?? {};
  return {
    bases: { ...SERVING_ORIGIN, ...hostBases },
    localMenu: file.localMenu === true,
    queryKey: file.queryKey,
    queryIv: file.queryIv,
    amapKey: typeof file.amapKey === 'string' ? file.amapKey.trim() : '',
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`runtime-config.json: HTTP ${response.status}`);
  current = resolveRuntimeConfig((await response.json()) as RuntimeConfigFile, window.location.hostname);
  return current;
}

/** For tests and for code running before the file is fetched. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config not loaded');
  return current;
}
