import { useEffect, useState } from 'react';
import { Empty as ArcoEmpty } from '@arco-design/web-react';
import { constants, messages } from '@core/wasm';

/** The empty-state placeholder of spec §2: appears after a short delay so fast loads do not flash it. */
export function Empty({ description = messages().emptyData }: { description?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), constants().emptyPlaceholderDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <ArcoEmpty description={description} data-testid="empty" />;
}
