import type { ReactNode } from 'react';
import { Typography } from '@arco-design/web-react';

/**
 * A table cell's text kept on one line: what does not fit its column ends in … and shows whole in
 * a tooltip, so a long name cannot widen its column into the fixed 操作 column.
 */
export function ClippedText({ children, text }: { children?: ReactNode; text: string }) {
  return (
    <Typography.Ellipsis showTooltip expandable={false} className="clipped-text">
      {children ?? text}
    </Typography.Ellipsis>
  );
}
