import { ResultPage } from '../../../components/ResultPage';

/**
 * A page of the product the user's menu does not (or no longer) grant: said at /404 inside the
 * workspace, naming the address, rather than 页面不存在.
 */
export default function NoPermissionPage({ from }: { from: string }) {
  return (
    <ResultPage
      status="403"
      title="无权限"
      subTitle={`您没有访问 ${from} 的权限，如需使用请联系管理员分配。`}
      className="page-card"
      testId="page-403"
    />
  );
}
