import { Space, Tag, Typography } from '@arco-design/web-react';
import type { KnowledgePoint } from '../../../api/ai/knowledge';
import { dateTime } from '../../org/shared/format';

const STAGE_COLORS: Record<string, string> = { waiting: 'gray', done: 'green', failed: 'red' };

/** 向量化: where a point's vector stands (core `knowledgeVectorStage`), a failure with its reason and retry. */
export function VectorStageTag({ point }: { point: KnowledgePoint }) {
  const stage = point.vector;
  if (!stage) return null;
  const tag = (
    <Tag size="small" color={STAGE_COLORS[stage.stage]} data-testid="point-vector-stage">
      {stage.stageName}
    </Tag>
  );
  if (stage.stage !== 'failed') return tag;
  return (
    <Space direction="vertical" size={0}>
      {tag}
      {stage.error && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {stage.error}
        </Typography.Text>
      )}
      {stage.retryAt && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {dateTime(stage.retryAt)} 自动重试，编辑后立即重试
        </Typography.Text>
      )}
    </Space>
  );
}
