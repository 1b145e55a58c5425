import { Result } from '@arco-design/web-react';
import { IconTool } from '@arco-design/web-react/icon';

/** A page whose capability a later release brings: clearly marked, inside the layout. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="page-card" data-testid="under-construction">
      <Result
        icon={<IconTool />}
        status={null}
        title={`${title} · 建设中`}
        subTitle="该功能正在建设中，敬请期待。"
      />
    </div>
  );
}
