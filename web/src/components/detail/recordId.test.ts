import { describe, expect, it } from 'vitest';
import { isRecordId } from './recordId';

describe('isRecordId', () => {
  it('takes the ids the server hands out', () => {
    expect(isRecordId('1')).toBe(true);
    expect(isRecordId('999999')).toBe(true);
    expect(isRecordId(String(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  it('refuses what names no record, so no request is sent for it', () => {
    for (const value of ['abc', '', '0', '-3', '1.5', '1e3', ' 7', '12abc', '99999999999999999999', undefined]) {
      expect(isRecordId(value), String(value)).toBe(false);
    }
  });
});
