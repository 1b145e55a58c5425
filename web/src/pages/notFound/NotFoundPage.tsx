import { ResultPage } from '../../components/ResultPage';

/**
 * 404: at /404 on its own; for a path no page answers, inside the workspace (menu and tabs) with
 * the failing address left in the address bar.
 */
export default function NotFoundPage({ inWorkspace = false }: { inWorkspace?: boolean }) {
  return (
    <ResultPage
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      className={inWorkspace ? 'page-card' : 'standalone-page'}
      testId="page-404"
    />
  );
}
