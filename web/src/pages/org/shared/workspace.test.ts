import { describe, expect, it } from 'vitest';
import { choosesCompany as coreChoosesCompany } from '@core/wasm';
import { choosesCompany, choosesSite } from './workspace';

const on = (workspace: string) =>
  ({ path: '/x', name: 'x', componentPath: '', meta: { workspace } }) as Parameters<typeof choosesCompany>[0];

describe('who names the company and site of a new row (core)', () => {
  it('a workbench user adds to their own company', () => {
    expect([choosesCompany(on('/work')), choosesSite(on('/work'))]).toEqual([false, false]);
  });

  it('city operations choose the company, the admin also the site', () => {
    expect([choosesCompany(on('/coc')), choosesSite(on('/coc'))]).toEqual([true, false]);
    expect([choosesCompany(on('/adminConfig')), choosesSite(on('/adminConfig'))]).toEqual([true, true]);
  });

  it('outside the workspaces (/enrollment) the caller’s workbench decides', () => {
    expect(coreChoosesCompany(undefined, ['/coc', '/work'])).toBe(false);
    expect(coreChoosesCompany(undefined, ['/coc'])).toBe(true);
  });
});
