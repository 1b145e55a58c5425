import { useNavigate } from 'react-router-dom';
import { Button, Result } from '@arco-design/web-react';
import { useMenuStore } from '../../stores/menu';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const home = useMenuStore((state) => state.routeTable.home);
  return (
    <div className="standalone-page" data-testid="page-404">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在。"
        extra={
          <Button type="primary" onClick={() => navigate(home || '/login', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
