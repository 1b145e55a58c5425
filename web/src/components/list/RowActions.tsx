import { Fragment } from 'react';
import { Button, Space } from '@arco-design/web-react';
import { Permission, useGuardedClick } from '../Permission';
import { RowMoreActions } from './RowMoreActions';

export interface RowAction {
  /** The authAction code the button needs; omitted for actions every viewer of the page has. */
  action?: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** Test id, default `row-<action>`. */
  testId?: string;
  /** Behind the row's 更多 button rather than a button of its own. */
  more?: boolean;
}

/**
 * The link buttons of a row, each removed when the route does not grant its action (spec §6),
 * then the 更多 menu of the `more` ones; where the directive keeps a button anyway, its click is
 * refused at once. Each names its row for screen readers (删除 西湖店), since every row has the
 * same buttons.
 */
export function RowActions({ items: all, rowName }: { items: RowAction[]; rowName?: string }) {
  const items = all.filter((item) => !item.more);
  const guarded = useGuardedClick();
  return (
    <Space size={4} className="row-actions">
      {items.map((item) => {
        const button = (
          <Button
            type="text"
            size="small"
            status={item.danger ? 'danger' : undefined}
            onClick={guarded(item.action, item.onClick)}
            aria-label={rowName ? `${item.label} ${rowName}` : undefined}
            data-testid={item.testId ?? `row-${item.action ?? item.label}`}
          >
            {item.label}
          </Button>
        );
        return (
          <Fragment key={item.testId ?? item.label}>
            {item.action ? <Permission action={item.action}>{button}</Permission> : button}
          </Fragment>
        );
      })}
      {all.some((item) => item.more) && <RowMoreActions items={all.filter((item) => item.more)} rowName={rowName} />}
    </Space>
  );
}
