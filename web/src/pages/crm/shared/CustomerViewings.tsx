// 带看记录 of a customer (mounted in the customer drawer) or of a listing (its detail page): the
// viewings, newest first, the feedback written afterwards, and 新增带看 with a listing picker.
// What may be shown and when is core's (`customer::viewing`): the form is core's
// `customerViewing`, the server checks the same rules.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, Input, Message, Modal, Select, Space, Table, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import { useRead } from '../../../api/useRead';
import { viewingApi, type Companion, type ViewingRow, type ViewingTarget } from '../../../api/crm/viewing';
import { enumText } from '../../../components/enums';
import { coreFields, formErrors, nowClock, today } from '../../../components/form/coreForm';
import { FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { useEscToClose } from '../../../components/form/useEscToClose';
import { dateTime, orDash } from '../../org/shared/format';
import { offerPath } from './CustomerMatches';

/** The feedback column: the text, or a box for those who may write it. */
function FeedbackCell({ row }: { row: ViewingRow }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(row.feedback);
  if (!editing) {
    return (
      <Space size={4}>
        <span>{orDash(row.feedback)}</span>
        {row.mayWriteFeedback && (
          <Button size="mini" type="text" onClick={() => setEditing(true)} data-testid={`viewing-feedback-${row.id}`}>
            {row.feedback ? '修改' : '填写反馈'}
          </Button>
        )}
      </Space>
    );
  }
  const save = async () => {
    const result = await viewingApi.feedback(row.id, text).catch(() => undefined);
    if (result === undefined) return;
    if (isApiFailure(result)) {
      Message.error(result.errors?.feedback?.[0] ?? result.message);
      return;
    }
    Message.success('反馈已保存');
    setEditing(false);
  };
  return (
    <Space>
      <Input size="small" value={text} onChange={setText} maxLength={{ length: 500, errorOnly: true }} aria-label="客户反馈" />
      <Button size="mini" type="primary" onClick={save}>
        保存
      </Button>
    </Space>
  );
}

/** The viewings table, on a customer (shows the listing) or a listing (shows the customer). */
export function ViewingTable({ rows, loading, on }: { rows: ViewingRow[]; loading: boolean; on: 'customer' | 'listing' }) {
  return (
    <Table<ViewingRow>
      rowKey="id"
      data={rows}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: false }}
      noDataElement={<span>暂无带看</span>}
      data-testid={`viewings-of-${on}`}
      columns={[
        { title: '带看时间', dataIndex: 'at', width: 150, render: dateTime },
        on === 'customer'
          ? {
              title: '带看房源',
              dataIndex: 'targetName',
              render: (_: unknown, row: ViewingRow) => {
                const id = row.kind === 3 ? row.projectId : row.listingId;
                return (
                  <Space size={4}>
                    <Tag size="small">{enumText('viewingKind', row.kind)}</Tag>
                    {id ? <Link to={offerPath(row.kind, id)}>{row.targetName}</Link> : row.targetName}
                  </Space>
                );
              },
            }
          : { title: '客户', dataIndex: 'customerName', width: 120 },
        { title: '带看人', dataIndex: 'userName', width: 90, render: orDash },
        { title: '陪同人', dataIndex: 'companionName', width: 90, render: orDash },
        { title: '客户反馈', dataIndex: 'feedback', render: (_: unknown, row: ViewingRow) => <FeedbackCell row={row} /> },
      ]}
    />
  );
}

interface DialogProps {
  customerId: number;
  /** The customer's demand picks the first kind offered. */
  kind: number;
  visible: boolean;
  onClose: () => void;
}

/** 新增带看: core's form, with the listing (or project) picker and the colleagues to go along. */
function ViewingDialog({ customerId, kind: initialKind, visible, onClose }: DialogProps) {
  const [form] = Form.useForm();
  const [kind, setKind] = useState(initialKind);
  const [targets, setTargets] = useState<ViewingTarget[]>([]);
  const [companions, setCompanions] = useState<Companion[]>([]);
  const [saving, setSaving] = useState(false);
  // Over the customer's drawer: Esc closes the dialog only (a picker's first Esc is the picker's).
  const layer = useEscToClose(visible, onClose);

  const search = (keyword: string, forKind = kind) => {
    void viewingApi.targets(customerId, forKind, keyword).then(setTargets);
  };

  // Mounted afresh for each dialog: the choices load once it opens.
  useEffect(() => {
    // China's date and time now, wherever the browser's clock is set: the server reads them so.
    form.setFieldsValue({ kind: initialKind, viewDate: today(), viewTime: nowClock() });
    void viewingApi.targets(customerId, initialKind, '').then(setTargets);
    void viewingApi.companions().then(setCompanions);
  }, [form, customerId, initialKind]);

  const fields = coreFields('customerViewing', {
    listingId: false,
    projectId: false,
    companionId: { options: companions.map((c) => ({ value: c.id, label: c.storeName ? `${c.name}（${c.storeName}）` : c.name })) },
  });
  const target = kind === 3 ? 'projectId' : 'listingId';

  const submit = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    const errors = formErrors('customerViewing', values);
    if (Object.keys(errors).length > 0) {
      form.setFields(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { error: { message } }])));
      return;
    }
    setSaving(true);
    const result = await viewingApi.add({ ...values, customerId } as never).catch(() => undefined);
    setSaving(false);
    if (result === undefined) return;
    if (isApiFailure(result)) {
      placeFailure(form, [...fields, { field: target, label: '' }], result);
      return;
    }
    Message.success('带看已保存');
    onClose();
  };

  return (
    <Modal
      title="新增带看"
      visible={visible}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      unmountOnExit
      escToExit={false}
      wrapClassName={layer}
      data-testid="viewing-form"
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed) => {
          if ('kind' in changed && changed.kind !== undefined) {
            const next = Number(changed.kind);
            setKind(next);
            form.setFieldsValue({ listingId: undefined, projectId: undefined });
            search('', next);
          }
        }}
      >
        {fields.slice(0, 1).map((spec) => (
          <FormField key={spec.field} spec={spec} testIdPrefix="viewing" />
        ))}
        <Form.Item
          label={kind === 3 ? '带看楼盘' : '带看房源'}
          field={target}
          required
          rules={[{ required: true, message: kind === 3 ? '请选择带看楼盘' : '请选择带看房源' }]}
          extra="匹配客户需求的排在前面"
        >
          <Select
            showSearch
            allowClear
            filterOption={false}
            placeholder="输入小区名、拼音首字母或房源编号"
            onSearch={(keyword) => search(keyword)}
            data-testid="viewing-target"
          >
            {targets.map((t) => (
              <Select.Option key={t.id} value={t.id}>
                {t.label}
                {t.fits && (
                  <Tag size="small" color="green" style={{ marginLeft: 6 }}>
                    匹配
                  </Tag>
                )}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        {fields.slice(1).map((spec) => (
          <FormField key={spec.field} spec={spec} testIdPrefix="viewing" />
        ))}
      </Form>
    </Modal>
  );
}

/** A customer's viewings with 新增带看 (shown when the caller may record viewings). */
export function CustomerViewings({ customerId, demand, mayAdd = true }: { customerId: number; demand?: number; mayAdd?: boolean }) {
  const [adding, setAdding] = useState(false);
  const viewings = useRead(() => viewingApi.ofCustomer(customerId), customerId);
  const kind = demand === 2 ? 3 : demand === 3 ? 2 : 1;
  return (
    <div data-testid="customer-viewings">
      {mayAdd && (
        <Button
          type="primary"
          size="small"
          icon={<IconPlus />}
          style={{ marginBottom: 12 }}
          onClick={() => setAdding(true)}
          data-testid="viewing-add"
        >
          新增带看
        </Button>
      )}
      <ViewingTable rows={viewings.data?.list ?? []} loading={viewings.loading} on="customer" />
      {adding && <ViewingDialog customerId={customerId} kind={kind} visible onClose={() => setAdding(false)} />}
    </div>
  );
}

export default CustomerViewings;
