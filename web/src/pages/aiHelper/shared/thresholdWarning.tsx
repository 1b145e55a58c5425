// A 相似度阈值 low enough to answer unrelated questions is warned of under the field (core's
// number and words), beside the field's own hint.
import type { ReactNode } from 'react';
import { Typography } from '@arco-design/web-react';
import { thresholdWarning } from '@core/wasm';

/** The field's help for a threshold of `percent` (0–100): its hint, and core's warning when low. */
export function thresholdExtra(hint: ReactNode, percent: unknown): ReactNode | undefined {
  if (typeof percent !== 'number' || Number.isNaN(percent)) return undefined;
  const warning = thresholdWarning(percent);
  if (!warning) return undefined;
  return (
    <>
      {hint && <div>{hint}</div>}
      <Typography.Text type="warning" data-testid="threshold-warning">
        {warning}
      </Typography.Text>
    </>
  );
}
