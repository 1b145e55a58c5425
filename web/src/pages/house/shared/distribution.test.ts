import { describe, expect, it } from 'vitest';
import type { DistributionTarget } from '../../../api/house/newHome';
import { choiceAfter, chosenKeys, shownKeys } from './distribution';

const targets = [
  { id: 1, name: '链家', chosen: true, stores: [{ id: 11, name: '西湖店', chosen: false }, { id: 12, name: '滨江店', chosen: false }] },
  { id: 2, name: '我爱我家', chosen: false, stores: [{ id: 21, name: '城西店', chosen: true }, { id: 22, name: '城东店', chosen: false }] },
] as unknown as DistributionTarget[];

describe('the 分销 tree', () => {
  it('shows a company ticked whole with every store of it ticked', () => {
    const chosen = chosenKeys(targets);
    expect(chosen).toEqual(['o:1', 's:21']);
    expect(shownKeys(targets, chosen).sort()).toEqual(['o:1', 's:11', 's:12', 's:21']);
  });

  it('unticks the covered stores with their company, and saves none of them as stores', () => {
    const chosen = chosenKeys(targets);
    // The tree reports what it shows, minus the company just unticked.
    expect(choiceAfter(targets, chosen, ['s:11', 's:12', 's:21'])).toEqual(['s:21']);
  });

  it('ticking a company covers the stores picked one by one', () => {
    expect(choiceAfter(targets, ['s:21'], ['s:21', 'o:2'])).toEqual(['o:2']);
    expect(shownKeys(targets, ['o:2']).sort()).toEqual(['o:2', 's:21', 's:22']);
  });
});
