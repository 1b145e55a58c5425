import { ResultPage } from '../../components/ResultPage';

/**
 * A page of the product the user's menu does not (or no longer) grant: said inside the workspace
 * at the address they asked for, rather than 页面不存在 at /404.
 */
export default function NoPermissionPage() {
  return (
    <ResultPage
      status="403"
      title="无权限"
      subTitle="您没有访问该页面的权限，如需使用请联系管理员分配。"
      className="page-card"
      testId="page-403"
    />
  );
}
