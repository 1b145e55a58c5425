import { useState } from 'react';
import { Button, Space, Tag, Typography } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { assistantApi } from '../../../api/ai/assistant';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { FormModal } from '../../../components/form/FormModal';
import { Permission } from '../../../components/Permission';
import { useRouteQuery } from '../../../router/useNav';
import { dateTime, orDash } from '../../org/shared/format';
import type { PageProps } from '../../registry';
import { BoundFunctions } from './BoundFunctions';
import { BoundKnowledge } from './BoundKnowledge';
import { togglePublish } from '../shared/publish';
import { assistantFields, assistantFormValues, assistantSubmit, knowledgeChoices, type AssistantValues } from '../shared/assistantForm';

/**
 * 对话助手详情 / 创作助手详情 (…/dialog/detail?id=, …/creation/detail?id=): what the assistant
 * says first, what it suggests, how it retrieves (its knowledge bases, each switched on or off),
 * where it is offered; edit and publish here.
 */
export default function AssistantDetailPage({ route }: PageProps) {
  const id = Number(useRouteQuery().id);
  const { data: assistant, error, reload } = useRead(() => assistantApi.detail(id), id);
  const { data: sites } = useRead(assistantApi.sites);
  const { data: bases } = useRead(knowledgeChoices);
  const [editing, setEditing] = useState<AssistantValues | undefined>();
  const siteNames = (ids: number[]) =>
    ids.length === 0 ? '所有城市站点' : ids.map((site) => sites?.find((s) => s.id === site)?.name ?? site).join('、');
  return (
    <DetailPage
      testId="assistant-detail"
      title={assistant?.name ?? route.meta.title}
      badges={
        assistant && (
          <Tag color={assistant.published ? 'green' : 'gray'}>{assistant.published ? '已发布' : '未发布'}</Tag>
        )
      }
      loading={!assistant}
      error={error}
      subject={assistant?.name}
      extra={
        assistant && (
          <Permission action="edit">
            <Space>
              <Button
                onClick={() => togglePublish(assistant, reload)}
                data-testid="assistant-publish"
              >
                {assistant.published ? '取消发布' : '发布'}
              </Button>
              <Button type="primary" icon={<IconEdit />} onClick={() => setEditing(assistantFormValues(assistant))} data-testid="assistant-edit">
                编辑
              </Button>
            </Space>
          </Permission>
        )
      }
    >
      {assistant && (
        <>
          <DetailSection
            title="基本信息"
            items={[
              { label: '助手名称', value: assistant.name },
              { label: '助手类型', value: enumText('assistantKind', assistant.kind) },
              { label: '助手简介', value: orDash(assistant.description) },
              { label: '可用站点', value: siteNames(assistant.siteIds) },
              { label: '召回条数', value: String(assistant.topK) },
              { label: '相似度阈值', value: `${assistant.threshold}%` },
              { label: '显示引用来源', value: assistant.citations ? '是' : '否' },
              { label: '更新时间', value: dateTime(assistant.updatedAt) },
            ]}
          />
          <BoundKnowledge assistantId={assistant.id} bases={bases} onChanged={reload} />
          <BoundFunctions key={assistant.functions.join(',')} assistantId={assistant.id} chosen={assistant.functions} onChanged={reload} />
          <DetailSection
            title="对话设置"
            items={[
              { label: '欢迎语', value: orDash(assistant.welcomeMessage) },
              {
                label: '推荐问题',
                value:
                  assistant.suggestedQuestions.length === 0 ? '-' : (
                    <Space direction="vertical" size={2}>
                      {assistant.suggestedQuestions.map((question) => (
                        <Typography.Text key={question}>{question}</Typography.Text>
                      ))}
                    </Space>
                  ),
              },
              { label: '提示词', value: orDash(assistant.prompt) },
            ]}
          />
          <FormModal<AssistantValues>
            title="编辑助手"
            visible={editing !== undefined}
            fields={assistantFields(sites, bases)}
            initialValues={editing}
            onSubmit={(values) => assistantApi.submit(assistantSubmit(assistant.kind, values, assistant.id))}
            onClose={() => setEditing(undefined)}
            onSaved={reload}
            columns={2}
          />
        </>
      )}
    </DetailPage>
  );
}
