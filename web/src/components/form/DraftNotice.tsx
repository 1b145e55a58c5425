import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Button } from '@arco-design/web-react';

/**
 * The line over a form that brought back what was typed before (a tab switch, back, F5): it says
 * so, and 放弃草稿 starts the form over from what is on file.
 */
export function DraftNotice({ shown, onDiscard }: { shown: boolean; onDiscard: () => void }) {
  if (!shown) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 12 }}
      content="已恢复未保存的内容"
      action={
        <Button size="mini" type="text" onClick={onDiscard} data-testid="draft-discard">
          放弃草稿
        </Button>
      }
      data-testid="draft-notice"
    />
  );
}

/** A form page that 放弃草稿 mounts afresh: its state starts over and reads no draft. */
export function Restartable({ children }: { children: (restart: () => void) => ReactNode }) {
  const [round, setRound] = useState(0);
  return <Fragment key={round}>{children(() => setRound((n) => n + 1))}</Fragment>;
}
