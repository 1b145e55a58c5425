import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../api/types';
import { storageKeys } from '../../stores/storageKeys';
import { useUserStore } from '../../stores/user';
import { DRAFT_DELAY_MS, hasTyped, useFormDraft } from './useFormDraft';

const FORM = '/work/house/old/edit/new';

function signIn(userId: number) {
  useUserStore.setState({ info: { userId } as UserInfo, ids: [] });
}

const stored = (userId: number) => sessionStorage.getItem(storageKeys.formDraft(FORM, String(userId)));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  signIn(7);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useFormDraft', () => {
  it('writes a moment after the last change, and a remount brings it back with the notice', () => {
    const first = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    expect(first.result.current.restored).toBeUndefined();
    expect(first.result.current.noticed).toBe(false);
    act(() => first.result.current.keep({ area: '8' }));
    act(() => first.result.current.keep({ area: '89' }));
    expect(stored(7)).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS));
    expect(JSON.parse(stored(7) ?? 'null')).toEqual({ area: '89' });

    const again = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    expect(again.result.current.restored).toEqual({ area: '89' });
    expect(again.result.current.noticed).toBe(true);
  });

  it('leaving the form (a tab switch unmounts it) writes what is still pending', () => {
    const form = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    act(() => form.result.current.keep({ area: '90' }));
    form.unmount();
    expect(JSON.parse(stored(7) ?? 'null')).toEqual({ area: '90' });
  });

  it('F5 writes what is pending as the page goes', () => {
    const form = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    act(() => form.result.current.keep({ area: '91' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(stored(7) ?? 'null')).toEqual({ area: '91' });
  });

  it('a save or 放弃草稿 forgets it, pending writes too, and the notice goes', () => {
    sessionStorage.setItem(storageKeys.formDraft(FORM, '7'), JSON.stringify({ area: '70' }));
    const form = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    expect(form.result.current.noticed).toBe(true);
    act(() => form.result.current.keep({ area: '71' }));
    act(() => form.result.current.drop());
    act(() => vi.advanceTimersByTime(DRAFT_DELAY_MS));
    form.unmount();
    expect(stored(7)).toBeNull();
    expect(form.result.current.noticed).toBe(false);
  });

  it('is one user’s: another user signed in here does not read it', () => {
    sessionStorage.setItem(storageKeys.formDraft(FORM, '7'), JSON.stringify({ area: '70' }));
    signIn(8);
    const form = renderHook(() => useFormDraft<{ area?: string }>(FORM));
    expect(form.result.current.restored).toBeUndefined();
  });

  it('takes up nothing blank, broken or refused by the form', () => {
    sessionStorage.setItem(storageKeys.formDraft(FORM, '7'), JSON.stringify({ tags: [], remark: '' }));
    expect(renderHook(() => useFormDraft(FORM)).result.current.restored).toBeUndefined();
    sessionStorage.setItem(storageKeys.formDraft(FORM, '7'), '{not json');
    expect(renderHook(() => useFormDraft(FORM)).result.current.restored).toBeUndefined();
    sessionStorage.setItem(storageKeys.formDraft(FORM, '7'), JSON.stringify({ area: '70' }));
    const refused = renderHook(() => useFormDraft<{ lines?: unknown[] }>(FORM, (found) => Array.isArray(found.lines)));
    expect(refused.result.current.restored).toBeUndefined();
  });

  it('keeps nothing for a form without a name', () => {
    const form = renderHook(() => useFormDraft<{ area?: string }>(undefined));
    act(() => form.result.current.keep({ area: '1' }));
    form.unmount();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('hasTyped', () => {
  it('sees a value anywhere, and empty lists and blank boxes as nothing', () => {
    expect(hasTyped({ tags: [], remark: '', area: undefined })).toBe(false);
    expect(hasTyped({ values: { tags: ['近地铁'] } })).toBe(true);
    expect(hasTyped({ halls: 0 })).toBe(true);
  });
});
