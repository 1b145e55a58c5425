import { TEXT } from '../../../config/coreData';

/** A role's label in a 角色 picker: `经纪人（未设置权限）` while it opens no page (its holders cannot log in). */
export function roleLabel(role: { name: string; menuCount: number }): string {
  return role.menuCount > 0 ? role.name : `${role.name}（${TEXT.roleWithoutMenus}）`;
}
