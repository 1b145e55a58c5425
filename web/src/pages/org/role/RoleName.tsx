import { Tag, Tooltip } from '@arco-design/web-react';
import { TEXT } from '../../../config/coreData';

/** A role's name, marked 未设置权限 while it opens no page (its holders cannot log in). */
export function RoleName({ name, menuCount }: { name: string; menuCount: number }) {
  if (menuCount > 0) return name;
  return (
    <>
      {name}{' '}
      <Tooltip content={TEXT.roleWithoutMenusHint}>
        <Tag color="orange" size="small" data-testid="role-without-menus">
          {TEXT.roleWithoutMenus}
        </Tag>
      </Tooltip>
    </>
  );
}
