import { Space, Tag } from '@arco-design/web-react';
import { assistantKnowledgeWarning } from '@core/wasm';
import { assistantApi, CREATION, DIALOGUE, type Assistant } from '../../../api/ai/assistant';
import { useRead } from '../../../api/useRead';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { useMenuStore } from '../../../stores/menu';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { dateTime, orDash } from '../../org/shared/format';
import type { PageProps } from '../../registry';
import {
  ASSISTANT_DEFAULTS,
  assistantFields,
  assistantFormValues,
  assistantSubmit,
  knowledgeChoices,
  type AssistantValues,
} from '../shared/assistantForm';
import { togglePublish } from '../shared/publish';

/**
 * A red tag on a published assistant that answers nothing: its knowledge bases were deleted or
 * switched off and no chat model answers instead (core decides; unknown until the server says
 * whether a model is configured).
 */
function KnowledgeWarning({ row, modelConfigured }: { row: Assistant; modelConfigured?: boolean }) {
  if (modelConfigured === undefined) return null;
  const bound = row.knowledgeIds.length;
  const warning = assistantKnowledgeWarning(row.published, bound, bound - row.disabledKnowledgeIds.length, modelConfigured);
  if (!warning) return null;
  return (
    <Tag color="red" data-testid="assistant-knowledge-warning">
      {warning}
    </Tag>
  );
}

/**
 * 对话助手 (/adminConfig/aiHelper/dialog) and 创作助手 (/adminConfig/aiHelper/creation): the
 * assistants of one kind, created, changed, published, taken back and removed here.
 */
export default function AssistantsPage({ route }: PageProps) {
  const kind = route.componentPath.endsWith('/creation') ? CREATION : DIALOGUE;
  const entityName = kind === CREATION ? '创作助手' : '对话助手';
  const { data: sites } = useRead(assistantApi.sites);
  const { data: bases } = useRead(knowledgeChoices);
  const { data: catalogue } = useRead(assistantApi.functions);
  const table = useMenuStore((state) => state.routeTable);
  const nav = useNav();
  const detailPath = relatedPath(table, route, `${route.componentPath.split('/').pop()}/detail`);
  return (
    <CrudListPage<Assistant, { kind: number; name?: string }, AssistantValues>
      testId="assistant"
      entityName={entityName}
      fetchPage={assistantApi.list}
      initialFilters={{ kind }}
      filters={[{ field: 'name', label: '助手名称' }]}
      columns={[
        { title: '助手名称', dataIndex: 'name' },
        { title: '助手简介', dataIndex: 'description', render: orDash },
        { title: '召回条数', dataIndex: 'topK', width: 90 },
        { title: '相似度阈值', dataIndex: 'threshold', width: 100, render: (value: number) => `${value}%` },
        {
          title: '状态',
          dataIndex: 'published',
          width: 200,
          render: (published: boolean, row: Assistant) => (
            <Space size={4}>
              <Tag color={published ? 'green' : 'gray'}>{published ? '已发布' : '未发布'}</Tag>
              <KnowledgeWarning row={row} modelConfigured={catalogue?.modelConfigured} />
            </Space>
          ),
        },
        { title: '更新时间', dataIndex: 'updatedAt', render: dateTime },
      ]}
      actionWidth={240}
      defaults={ASSISTANT_DEFAULTS}
      formColumns={2}
      toFormValues={assistantFormValues}
      formFields={() => assistantFields(sites, bases)}
      onAdd={(values) => assistantApi.submit(assistantSubmit(kind, values))}
      onEdit={(row, values) => assistantApi.submit(assistantSubmit(kind, values, row.id))}
      onDelete={(row) => assistantApi.remove(row.id)}
      rowActions={(row, reload) => [
        ...(detailPath ? [{ label: '详情', testId: 'row-detail', onClick: () => nav.push(detailPath, { id: String(row.id) }) }] : []),
        {
          action: 'edit',
          label: row.published ? '取消发布' : '发布',
          testId: 'row-publish',
          onClick: () => togglePublish(row, reload),
        },
      ]}
    />
  );
}
