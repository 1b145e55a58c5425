import { useState } from 'react';
import { Alert, Button, Checkbox, Message, Space, Typography } from '@arco-design/web-react';
import { assistantApi, SOURCE_FUNCTION } from '../../../api/ai/assistant';
import { isApiFailure } from '../../../api/client';
import { useRead } from '../../../api/useRead';
import { DetailSection } from '../../../components/detail/DetailPage';
import { Permission, usePermission } from '../../../components/Permission';

/**
 * 业务数据函数: the functions over the brokerage's own data (房源搜索, 客户查询, …) the assistant may
 * call. They are offered to a configured chat model only, and run as the person asking, so the page
 * says which of the two holds here. Keyed by the saved choice, so a reload starts from it.
 */
export function BoundFunctions({ assistantId, chosen, onChanged }: { assistantId: number; chosen: string[]; onChanged: () => void }) {
  const { data: catalogue } = useRead(assistantApi.functions);
  const { data: sources } = useRead(() => assistantApi.dataSources(SOURCE_FUNCTION), SOURCE_FUNCTION);
  const canEdit = usePermission()('edit');
  const [ticked, setTicked] = useState<string[]>(chosen);
  const [saving, setSaving] = useState(false);
  const changed = ticked.length !== chosen.length || ticked.some((name) => !chosen.includes(name));
  const save = async () => {
    setSaving(true);
    const saved = await assistantApi.saveDataSources(assistantId, SOURCE_FUNCTION, ticked);
    setSaving(false);
    if (isApiFailure(saved)) return;
    Message.success('业务数据函数已保存');
    onChanged();
  };
  return (
    <DetailSection
      title="业务数据函数"
      extra={
        <Permission action="edit">
          <Button size="small" type="primary" disabled={!changed} loading={saving} onClick={() => void save()} data-testid="functions-save">
            保存
          </Button>
        </Permission>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {catalogue && (
          <Alert
            type={catalogue.modelConfigured ? 'info' : 'warning'}
            data-testid="functions-note"
            content={
              catalogue.modelConfigured
                ? '回答时由大模型按需调用勾选的函数；函数以提问人的权限和数据范围执行，提问人在页面上看不到的数据（如他人维护房源的业主电话、其他门店的客户）不会告诉提问人。'
                : '当前未配置大模型服务，助手只依据知识库回答，不会调用这些函数；配置支持函数调用的大模型服务后，勾选的函数才会生效。'
            }
          />
        )}
        <div data-testid="assistant-functions">
        <Checkbox.Group
          direction="vertical"
          value={ticked}
          disabled={!canEdit}
          onChange={(values: string[]) => setTicked(values)}
        >
          {(sources ?? []).map((source) => (
            <Checkbox key={source.id} value={source.id} aria-label={source.name}>
              <Typography.Text bold>{source.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {source.description}
              </Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
        </div>
      </Space>
    </DetailSection>
  );
}
