import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRuntimeConfig } from './runtime';

// Vitest runs from web/.
const shipped = JSON.parse(readFileSync(path.resolve('public/runtime-config.json'), 'utf8'));

describe('runtime config', () => {
  it('ships a default that means the serving origin, and 16-character query key and IV', () => {
    const config = resolveRuntimeConfig(shipped, 'brokerdesk.example.com');
    expect(config.bases).toEqual({ api: '', fybApi: '', chatApi: '', ws: '' });
    expect(config.localMenu).toBe(false);
    expect(config.queryKey).toHaveLength(16);
    expect(config.queryIv).toHaveLength(16);
    expect(config.amapKey, 'maps are off until a deployment sets its own key').toBe('');
  });

  it('reads the AMap key trimmed, and no key as none', () => {
    const file = { hosts: {}, queryKey: 'k'.repeat(16), queryIv: 'i'.repeat(16) };
    expect(resolveRuntimeConfig({ ...file, amapKey: ' 0123abcd ' }, 'x').amapKey).toBe('0123abcd');
    expect(resolveRuntimeConfig(file, 'x').amapKey).toBe('');
  });

  it('chooses the bases of the serving hostname, filling gaps with the serving origin', () => {
    const file = {
      hosts: {
        default: { api: '' },
        'test.brokerdesk.cn': { api: 'https://api-test.brokerdesk.cn', ws: 'wss://chat-test.brokerdesk.cn' },
      },
      queryKey: 'k'.repeat(16),
      queryIv: 'i'.repeat(16),
    };
    expect(resolveRuntimeConfig(file, 'test.brokerdesk.cn').bases).toEqual({
      api: 'https://api-test.brokerdesk.cn',
      fybApi: '',
      chatApi: '',
      ws: 'wss://chat-test.brokerdesk.cn',
    });
    expect(resolveRuntimeConfig(file, 'localhost').bases.api).toBe('');
  });
});
