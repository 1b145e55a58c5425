import { ResultPage } from '../../../components/ResultPage';

/**
 * 404 (spec §2: every unmatched path lands here). Signed in, it shows inside the workspace (menu
 * and tabs) and names the address that failed.
 */
export default function NotFoundPage({ from, inWorkspace = false }: { from?: string; inWorkspace?: boolean }) {
  return (
    <ResultPage
      status="404"
      title="404"
      subTitle={from ? `抱歉，您访问的页面 ${from} 不存在。` : '抱歉，您访问的页面不存在。'}
      className={inWorkspace ? 'page-card' : 'standalone-page'}
      testId="page-404"
    />
  );
}
