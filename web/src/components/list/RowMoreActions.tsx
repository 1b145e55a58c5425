import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useGuardedClick, usePermission } from '../Permission';
import type { RowAction } from './RowActions';

const testIdOf = (item: RowAction) => item.testId ?? `row-${item.action ?? item.label}`;

/**
 * A row's less frequent actions (离职, 锁定, 调整状态…) behind one 更多 button, so the fixed 操作
 * column stays narrow enough for every other column to show at 1280 px. The button and each entry
 * name the row for screen readers (更多 张三, 离职 张三); with no entry kept, no button.
 */
export function RowMoreActions({ items, rowName }: { items: RowAction[]; rowName?: string }) {
  const keeps = usePermission();
  const guarded = useGuardedClick();
  const shown = items.filter((item) => !item.action || keeps(item.action));
  if (shown.length === 0) return null;
  const named = (label: string) => (rowName ? `${label} ${rowName}` : undefined);
  return (
    <Dropdown
      trigger="click"
      position="br"
      droplist={
        <Menu
          className="row-actions__more"
          onClickMenuItem={(key) => {
            const item = shown.find((one) => testIdOf(one) === key);
            if (item) guarded(item.action, item.onClick)();
          }}
        >
          {shown.map((item) => (
            <Menu.Item
              key={testIdOf(item)}
              aria-label={named(item.label)}
              data-testid={testIdOf(item)}
              className={item.danger ? 'row-actions__danger' : undefined}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu>
      }
    >
      <Button type="text" size="small" aria-label={named('更多')} aria-haspopup="menu" data-testid="row-more">
        更多
        <IconDown />
      </Button>
    </Dropdown>
  );
}
