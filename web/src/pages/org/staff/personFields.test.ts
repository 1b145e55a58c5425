import { describe, expect, it } from 'vitest';
import { checkPerson } from '@core/wasm';
import { personDetails, personValues } from './personFields';

describe("a person's details through core's check", () => {
  const record = { realName: '林晓', mobile: '13912345678', idNumber: null, education: null, entryDate: null };

  it('reads a stored record without its empty values', () => {
    expect(personValues(record)).toEqual({ realName: '林晓', mobile: '13912345678' });
  });

  it('lets a draft through but names the first missing detail when sent for approval', () => {
    expect(checkPerson(personDetails(personValues(record)), false)).toBeUndefined();
    expect(checkPerson(personDetails(personValues(record)), true)).toEqual({
      field: 'idNumber',
      message: '请输入身份证号',
    });
  });

  it('names the field of a wrong value', () => {
    expect(checkPerson(personDetails({ realName: '林晓', mobile: '13912345678', bankCard: '12ab' }), false)).toEqual({
      field: 'bankCard',
      message: '银行卡号格式错误',
    });
  });
});
