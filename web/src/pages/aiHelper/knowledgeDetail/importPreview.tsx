import { Space, Table, Tag, Typography } from '@arco-design/web-react';
import { knowledgeImportFormats } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { knowledgeApi, type FilePreview, type PreviewPoint } from '../../../api/ai/knowledge';
import { useRead } from '../../../api/useRead';

/** What the preview says of a point: added, already held (skipped), the template's example (skipped), or refused with why. */
function status(point: PreviewPoint) {
  if (point.problem) return <Tag color={point.example ? 'gray' : 'red'}>{point.problem}</Tag>;
  if (point.duplicate) return <Tag color="gray">已存在，跳过</Tag>;
  return <Tag color="green">新增</Tag>;
}

/** The points a preview would add: neither held already nor refused. */
export function freshPoints(preview?: FilePreview) {
  return (preview?.points ?? []).filter((point) => !point.duplicate && !point.problem);
}

/** The points of an import's preview (a file's or a web page's), each with what the import will do with it. */
export function PreviewTable({ preview, testId }: { preview: FilePreview; testId: string }) {
  return (
    <Table<PreviewPoint>
      data-testid={testId}
      rowKey={(point) => `${point.question}\n${point.answer}`}
      data={preview.points}
      pagination={{ pageSize: 5, showTotal: true }}
      columns={[
        { title: '问题', dataIndex: 'question', width: 240 },
        { title: '答案', dataIndex: 'answer' },
        { title: '补充索引', dataIndex: 'indexes', width: 140, render: (indexes: string[]) => indexes.join('、') || '—' },
        { title: '状态', dataIndex: 'duplicate', width: 160, render: (_: unknown, point: PreviewPoint) => status(point) },
      ]}
    />
  );
}

/**
 * 费用预估: what indexing the points about to be imported would cost (fee/expect), shown before the
 * import is confirmed.
 */
export function FeeEstimate({ knowledgeId, preview }: { knowledgeId: number; preview: FilePreview }) {
  const points = freshPoints(preview).map(({ question, answer, indexes }) => ({ question, answer, indexes }));
  // Without an estimate the import goes on all the same, but the reader is told why there is none.
  const { data: answer } = useRead(() => knowledgeApi.feeExpect({ knowledgeId, points }));
  if (!answer) return null;
  if (isApiFailure(answer)) {
    return (
      <Typography.Text type="warning" data-testid="fee-estimate-failed">
        费用预估失败：{answer.message}
      </Typography.Text>
    );
  }
  const fee = answer;
  return (
    <Space direction="vertical" size={2} data-testid="fee-estimate" className="fee-estimate">
      <Typography.Text>
        费用预估：索引{fee.points}条知识点，约{fee.tokens}个tokens，预计费用 <Typography.Text bold>{fee.feeYuan}元</Typography.Text>
      </Typography.Text>
      <Typography.Text type="secondary">{fee.note}</Typography.Text>
    </Space>
  );
}

/** What an import reads, kind by kind (core's), with a txt file as it is understood. */
export function ImportFormatHint() {
  const { formats, txtExample } = knowledgeImportFormats();
  return (
    <div data-testid="import-formats" className="import-formats">
      <Typography.Text type="secondary">支持txt、md、csv、xlsx、docx、pdf文件；已存在的问题不会重复导入，加密或扫描的PDF无法读取。</Typography.Text>
      <ul style={{ margin: '4px 0', paddingLeft: 20 }}>
        {formats.map((format) => (
          <li key={format.kinds}>
            <Typography.Text type="secondary">
              <Typography.Text bold>{format.kinds}</Typography.Text>：{format.rule}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Text type="secondary">txt文件示例：</Typography.Text>
      <pre data-testid="import-txt-example" style={{ margin: '4px 0 0', padding: 8, background: 'var(--color-fill-2)', whiteSpace: 'pre-wrap' }}>
        {txtExample}
      </pre>
    </div>
  );
}
