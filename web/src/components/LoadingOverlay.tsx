import { Spin } from '@arco-design/web-react';
import { useLoadingStore } from '../stores/loading';
import './LoadingOverlay.css';

/** The request client's overlay: shown while any slow request runs (spec §7). */
export function LoadingOverlay() {
  const visible = useLoadingStore((state) => state.pending > 0);
  if (!visible) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <Spin size={32} />
    </div>
  );
}
