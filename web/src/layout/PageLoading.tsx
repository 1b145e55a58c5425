import { useEffect } from 'react';
import { Spin } from '@arco-design/web-react';
import { useNavProgressStore } from '../stores/navProgress';

/** While a lazy page's code arrives: the navigation bar runs and a spinner holds the space. */
export function PageLoading() {
  useEffect(() => {
    const progress = useNavProgressStore.getState();
    progress.start();
    return () => progress.done();
  }, []);
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}
