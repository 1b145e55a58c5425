import { describe, expect, it } from 'vitest';
import { pageOf, stepOf, STEPS } from './enrollmentSteps';

describe('the onboarding step bar, from core', () => {
  it('has the four steps', () => {
    expect(STEPS).toEqual(['发起入职', '完善资料', '审批', '完成']);
  });

  it('fills details while draft or rejected, reviews once submitted', () => {
    expect([stepOf('DRAFT'), pageOf('DRAFT')]).toEqual([2, 'info']);
    expect([stepOf('REJECTED'), pageOf('REJECTED')]).toEqual([2, 'info']);
    expect([stepOf('SUBMITTED'), pageOf('SUBMITTED')]).toEqual([3, 'review']);
    expect([stepOf('APPROVED'), pageOf('APPROVED')]).toEqual([4, 'review']);
    expect(pageOf('CANCELLED')).toBe('review');
  });
});
