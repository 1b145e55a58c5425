import { useState } from 'react';
import { Button, Space, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { knowledgeApi, type KnowledgePoint } from '../../../api/ai/knowledge';
import { confirmDelete } from '../../../components/form/confirmAction';
import { FormModal } from '../../../components/form/FormModal';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery, type PageRequest } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { dateTime } from '../../org/shared/format';
import { indexLines, pointFields, pointFormValues, type PointValues } from './pointForm';
import { VectorStageTag } from './VectorStageTag';

interface Filters {
  keyword?: string;
}

/**
 * The 知识点 tab: every point of the knowledge base, typed in or edited here. With an embeddings
 * endpoint configured each point carries its vector's stage, shown as 向量化; without one the
 * column is left out (the points are found by words alone).
 */
export function PointsPanel({ knowledgeId }: { knowledgeId: number }) {
  const query = useListQuery((q: Filters & PageRequest) => knowledgeApi.points({ ...q, knowledgeId }), {});
  const [dialog, setDialog] = useState<{ editing?: KnowledgePoint } | undefined>();
  const editing = dialog?.editing;
  const remove = (point: KnowledgePoint) =>
    confirmDelete('知识点', point.question, () => knowledgeApi.removePoint(point.id).then(query.reload));
  return (
    <ListPage<KnowledgePoint, Filters>
      testId="knowledge-points"
      query={query}
      filters={[{ field: 'keyword', label: '问题/答案' }]}
      toolbar={
        <Permission action="edit">
          <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({})} data-testid="point-add">
            手动录入
          </Button>
        </Permission>
      }
      columns={[
        { title: '问题', dataIndex: 'question', width: 260, render: (q: string) => <ClippedText text={q} /> },
        // A width of its own: on a narrow screen the table scrolls sideways rather than squeezing it.
        { title: '答案', dataIndex: 'answer', width: 300, render: (a: string) => <ClippedText text={a} /> },
        {
          title: '补充索引',
          dataIndex: 'indexes',
          width: 200,
          render: (indexes: string[]) =>
            indexes.length ? (
              <Space wrap size={4}>
                {indexes.map((index) => (
                  <Tag key={index} size="small">
                    {index}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        { title: '数据集', dataIndex: 'dataSetName', width: 120 },
        ...(query.rows.some((point) => point.vector)
          ? [{ title: '向量化', dataIndex: 'vector', width: 200, render: (_: unknown, point: KnowledgePoint) => <VectorStageTag point={point} /> }]
          : []),
        { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right',
          width: 120,
          render: (_: unknown, point: KnowledgePoint) => (
            <RowActions
              rowName={point.question}
              items={[
                { action: 'edit', label: '编辑', testId: 'row-edit', onClick: () => setDialog({ editing: point }) },
                { action: 'edit', label: '删除', danger: true, testId: 'row-delete', onClick: () => remove(point) },
              ]}
            />
          ),
        },
      ]}
    >
      <FormModal<PointValues>
        title={editing ? '编辑知识点' : '手动录入知识点'}
        visible={dialog !== undefined}
        fields={pointFields(Boolean(editing))}
        initialValues={editing ? pointFormValues(editing) : undefined}
        testId="point-form"
        onSubmit={({ indexes, dataSetName, ...values }) =>
          editing
            ? knowledgeApi.editPoint({ ...values, id: editing.id, indexes: indexLines(indexes) })
            : knowledgeApi.addPoint({ ...values, knowledgeId, dataSetName, indexes: indexLines(indexes) })
        }
        onClose={() => setDialog(undefined)}
        onSaved={query.reload}
      />
    </ListPage>
  );
}
