import { Button, Result } from '@arco-design/web-react';
import { useNav } from '../router/useNav';
import { useMenuStore } from '../stores/menu';

interface ResultPageProps {
  status: '403' | '404';
  title: string;
  subTitle: string;
  /** `page-card` inside the workspace, `standalone-page` outside it. */
  className: string;
  testId: string;
}

/** A page that only says why there is nothing to show, with a way back to the user's home. */
export function ResultPage({ status, title, subTitle, className, testId }: ResultPageProps) {
  const nav = useNav();
  const home = useMenuStore((state) => state.routeTable.home);
  return (
    <div className={className} data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => nav.replace(home || '/login')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
