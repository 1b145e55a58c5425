import { useEffect, useState } from 'react';
import { Empty as ArcoEmpty } from '@arco-design/web-react';
import { LIMITS, TEXT } from '../config/coreData';

/** The empty-state placeholder of spec §2: appears after a short delay so fast loads do not flash it. */
export function Empty({ description = TEXT.emptyData }: { description?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LIMITS.emptyPlaceholderDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return <ArcoEmpty description={description} data-testid="empty" />;
}
