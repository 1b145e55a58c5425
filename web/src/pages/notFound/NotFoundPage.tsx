import { ResultPage } from '../../components/ResultPage';

export default function NotFoundPage() {
  return (
    <ResultPage
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      className="standalone-page"
      testId="page-404"
    />
  );
}
