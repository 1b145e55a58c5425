import { useState } from 'react';
import { Button, Modal, Select, Space, Switch, Table, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { knowledgeApi, type Binding } from '../../../api/ai/knowledge';
import { useRead } from '../../../api/useRead';
import { DetailSection } from '../../../components/detail/DetailPage';
import { confirmDelete } from '../../../components/form/confirmAction';
import { Permission, usePermission } from '../../../components/Permission';
import type { Choice } from '../shared/assistantForm';

/**
 * 关联知识库: the bases the assistant answers from. A base switched off stays bound but is not
 * searched, so an admin can take a base out of the answers for a while without losing the binding.
 */
export function BoundKnowledge({ assistantId, bases, onChanged }: { assistantId: number; bases?: Choice[]; onChanged: () => void }) {
  const { data: bindings, reload } = useRead(() => knowledgeApi.bindings(assistantId), assistantId);
  const canEdit = usePermission()('edit');
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const changed = () => {
    reload();
    onChanged();
  };
  const bound = new Set((bindings ?? []).map((binding) => binding.knowledgeId));
  const unbound = (bases ?? []).filter((base) => !bound.has(base.id));
  const add = async () => {
    await knowledgeApi.bind(assistantId, chosen);
    setAdding(false);
    setChosen([]);
    changed();
  };
  return (
    <DetailSection
      title="关联知识库"
      extra={
        <Permission action="edit">
          <Button size="small" type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} data-testid="binding-add">
            关联知识库
          </Button>
        </Permission>
      }
    >
      <Table<Binding>
        data-testid="assistant-bindings"
        rowKey="id"
        pagination={false}
        loading={!bindings}
        data={bindings ?? []}
        noDataElement={<Typography.Text type="secondary">未关联知识库，助手只能回答“未找到相关答案”</Typography.Text>}
        columns={[
          { title: '知识库', dataIndex: 'knowledgeName' },
          { title: '简介', dataIndex: 'description', render: (text: string) => text || '-' },
          { title: '知识点', dataIndex: 'pointCount', width: 90 },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: boolean, binding: Binding) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={!canEdit}
                aria-label={`启用${binding.knowledgeName}`}
                onChange={(on) => void knowledgeApi.switchBinding(binding.id, on).then(changed, () => undefined)}
              />
            ),
          },
          {
            title: '操作',
            dataIndex: '__actions',
            width: 90,
            render: (_: unknown, binding: Binding) => (
              <Permission action="edit">
                <Button
                  type="text"
                  status="danger"
                  size="small"
                  aria-label={`取消关联${binding.knowledgeName}`}
                  onClick={() =>
                    confirmDelete('关联', binding.knowledgeName, () => knowledgeApi.unbind(binding.id).then(changed))
                  }
                >
                  取消关联
                </Button>
              </Permission>
            ),
          },
        ]}
      />
      <Modal
        title="关联知识库"
        visible={adding}
        onOk={() => void add()}
        okButtonProps={{ disabled: chosen.length === 0 }}
        onCancel={() => setAdding(false)}
        data-testid="binding-modal"
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            mode="multiple"
            placeholder={unbound.length === 0 ? '所有知识库都已关联' : '选择知识库'}
            value={chosen}
            onChange={(ids: number[]) => setChosen(ids)}
            options={unbound.map((base) => ({ value: base.id, label: base.name }))}
            data-testid="binding-select"
          />
        </Space>
      </Modal>
    </DetailSection>
  );
}
