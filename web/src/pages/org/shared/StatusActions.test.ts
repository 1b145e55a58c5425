import { describe, expect, it } from 'vitest';
import { staffActionTargets, staffAvailableActions } from '@core/wasm';
import type { StaffRow } from '../../../api/org/staff';
import { statusActions } from './StatusActions';

function staff(workingStatus: string, locked = false): StaffRow {
  return {
    id: 9,
    username: 'lin',
    realName: '林晓',
    userCode: 'BD0009',
    mobile: '139****0009',
    sex: 1,
    organisationName: '安居经纪',
    storeName: '西湖店',
    departmentName: '',
    positionName: '',
    workingStatus,
    locked,
    roles: [],
    // What the server sends for someone else's row: core's transition table.
    availableActions: staffAvailableActions(workingStatus, locked),
    createdAt: 0,
  };
}

const labels = (row: StaffRow) => statusActions(row, () => undefined).map((action) => action.label);

describe("staff status buttons follow core's transition table", () => {
  it('offers adjusting, leaving and locking to a working person', () => {
    expect(labels(staff('INCUMBENCY_FORMAL'))).toEqual(['调整状态', '离职', '锁定']);
  });

  it('offers only 复职 after leaving, only 解锁 while locked, nothing while pending', () => {
    expect(labels(staff('LEAVE'))).toEqual(['复职']);
    expect(labels(staff('PART_TIME', true))).toContain('解锁');
    expect(labels(staff('PART_TIME', true))).not.toContain('锁定');
    expect(labels(staff('PENDING'))).toEqual([]);
  });

  it('offers nothing on your own row, where the server sends no action', () => {
    expect(labels({ ...staff('INCUMBENCY_FORMAL'), availableActions: [] })).toEqual([]);
  });

  it('needs the page’s 编辑 action for every status button', () => {
    expect(statusActions(staff('LEAVE'), () => undefined).every((action) => action.action === 'edit')).toBe(true);
  });

  it('asks for the new status only where there is a choice', () => {
    expect(staffActionTargets('adjust', 'INCUMBENCY_FORMAL', false)).toEqual(['PART_TIME', 'INCUMBENCY_INTERNSHIP']);
    expect(staffActionTargets('restore', 'LEAVE', false)[0]).toBe('INCUMBENCY_FORMAL');
    expect(staffActionTargets('leave', 'INCUMBENCY_FORMAL', false)).toEqual(['LEAVE']);
  });
});
