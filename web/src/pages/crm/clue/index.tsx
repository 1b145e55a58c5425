import { useMemo, useState } from 'react';
import { Button, Descriptions, Drawer, Message, Modal, Table, Tag } from '@arco-design/web-react';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { clueActionReasons, clueCustomerStart, leadBudgetLabel, leadBudgetText } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { clueApi, type LeadDetail, type LeadFilters, type LeadMoveResult, type LeadRow } from '../../../api/crm/clue';
import { dictionaryApi } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { enumOptions, enumText } from '../../../components/enums';
import { coreFields } from '../../../components/form/coreForm';
import { confirmAction } from '../../../components/form/confirmAction';
import { FormModal } from '../../../components/form/FormModal';
import type { FieldSpec } from '../../../components/form/fields';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions, type RowAction } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission, useGuardedClick, usePermission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { StatusHistory } from '../../../components/detail/StatusHistory';

/** The menu action each lead move needs (release: any viewer of the page; restore: 分配). */
const ACTION_CODE: Record<string, string | undefined> = {
  assign: 'assign',
  claim: 'claim',
  invalidate: 'invalidate',
  restore: 'assign',
  convert: 'convert',
};

const STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'arcoblue', 3: 'green', 4: 'gray' };

function StatusTag({ status }: { status: number }) {
  return (
    <Tag size="small" color={STATUS_COLOR[status]}>
      {enumText('clueStatus', status)}
    </Tag>
  );
}

/** A lead's budget in its demand's unit (core): `300万`, a range `200-300万`, a rental's `4500元/月`. */
const budgetText = (_: unknown, lead: { demand?: number | null; budget?: number | null; budgetMin?: number | null }) =>
  leadBudgetText(lead.demand ?? 1, lead.budgetMin ?? undefined, lead.budget ?? undefined) || '—';

/** The lead's facts and history, beside the list. */
function LeadDrawer({ id, onClose, actions }: { id?: number; onClose: () => void; actions: (row: LeadRow) => RowAction[] }) {
  const detail = useRead(() => (id ? clueApi.detail(id) : Promise.resolve(null)), id);
  const lead: LeadDetail | null | undefined = detail.data;
  return (
    <Drawer
      width={640}
      title={lead ? `线索详情 · ${lead.name}` : '线索详情'}
      visible={id !== undefined}
      onCancel={onClose}
      footer={null}
      data-testid="clue-drawer"
    >
      {lead && (
        <>
          <div style={{ marginBottom: 12 }}>
            <RowActions rowName={lead.name} items={actions(lead)} />
          </div>
          <Descriptions
            column={2}
            colon="："
            labelStyle={{ width: 90, color: 'var(--color-text-3)' }}
            data={[
              { label: '姓名', value: lead.name },
              { label: '联系电话', value: lead.phone },
              { label: '性别', value: enumText('sex', lead.sex) },
              { label: '需求类型', value: enumText('customerDemand', lead.demand) },
              { label: '意向区域', value: orDash(lead.area) },
              { label: '预算', value: budgetText(undefined, lead) },
              { label: '来源', value: [enumText('clueSource', lead.source), lead.channel].filter(Boolean).join(' · ') },
              { label: '状态', value: <StatusTag status={lead.status} /> },
              ...(lead.invalidReason ? [{ label: '无效原因', value: enumText('invalidReason', lead.invalidReason) }] : []),
              { label: '跟进人', value: orDash(lead.ownerName) },
              { label: '所属门店', value: orDash(lead.storeName) },
              { label: '录入人', value: orDash(lead.enteredByName) },
              { label: '录入时间', value: dateTime(lead.createdAt) },
              ...(lead.customerId ? [{ label: '客户编号', value: <span data-testid="clue-customer-id">{lead.customerId}</span> }] : []),
              { label: '备注', value: orDash(lead.remark) },
            ]}
          />
          <h4 style={{ margin: '16px 0 8px' }}>状态记录</h4>
          <StatusHistory history={lead.history} statusText={(status) => enumText('clueStatus', status)} />
        </>
      )}
    </Drawer>
  );
}

interface MoveValues {
  userId?: number;
  reason?: number;
  remark?: string;
}

/** What a batch move did to each lead: moved, or why not. */
function BatchResults({ results, onClose }: { results?: { action: string; rows: LeadMoveResult[] }; onClose: () => void }) {
  const label = results ? enumText('clueAction', results.action) : '';
  const moved = results?.rows.filter((row) => row.moved).length ?? 0;
  return (
    <Modal
      title={`批量${label}结果`}
      visible={results !== undefined}
      onCancel={onClose}
      onOk={onClose}
      hideCancel
      okText="知道了"
      data-testid="clue-batch-results"
    >
      {results && (
        <>
          <p data-testid="clue-batch-summary">
            共{results.rows.length}条：{label}成功{moved}条，未{label}{results.rows.length - moved}条
          </p>
          <Table<LeadMoveResult>
            rowKey="id"
            data={results.rows}
            pagination={false}
            border={{ wrapper: true, cell: false }}
            onRow={(row) => ({ 'data-row-id': String(row.id) }) as object}
            columns={[
              { title: '线索', dataIndex: 'name', width: 120, render: (name: string, row: LeadMoveResult) => name || `编号${row.id}` },
              {
                title: '结果',
                dataIndex: 'moved',
                width: 80,
                render: (moved: boolean) => (
                  <Tag size="small" color={moved ? 'green' : 'red'}>
                    {moved ? '成功' : '未执行'}
                  </Tag>
                ),
              },
              { title: '原因', dataIndex: 'message', render: orDash },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * 线索池 (/work/crm/clue): the leads the caller's scope reaches (an agent's own and the pool, a
 * store's for its manager, the company's for its general manager), their phones masked unless
 * the caller keeps them; the moves core's lead table offers, each behind its menu action; a
 * drawer with the lead's history.
 */
export default function CluePool({ route }: PageProps) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const allowed = usePermission();
  const guarded = useGuardedClick();
  const query = useListQuery(clueApi.list, {} as LeadFilters);
  const assignees = useRead(() => (allowed('assign') ? clueApi.assignees() : Promise.resolve([])));
  const people = (assignees.data ?? []).map((person) => ({
    label: person.storeName ? `${person.name}（${person.storeName}）` : person.name,
    value: person.id,
  }));
  const [shown, setShown] = useState<number | undefined>();
  const [moving, setMoving] = useState<{ row: LeadRow; action: string } | undefined>();
  const [converting, setConverting] = useState<LeadRow | undefined>();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkAssigning, setBulkAssigning] = useState(false);
  const [batchResults, setBatchResults] = useState<{ action: string; rows: LeadMoveResult[] } | undefined>();
  const batchPath = relatedPath(table, route, 'clue/edit');
  const areas = useRead(() => dictionaryApi.areas());
  const districts = useMemo(() => areas.data ?? [], [areas.data]);
  // The dialog's first values, once per lead (a new object each render would reset the form);
  // 意向区域's text becomes the city's districts it names, the rest stays in the remark.
  const convertStart = useMemo(
    () =>
      converting &&
      (clueCustomerStart(
        {
          name: converting.name,
          phone: converting.phone,
          sex: converting.sex,
          demand: converting.demand,
          budget: converting.budget,
          budgetMin: converting.budgetMin,
          area: converting.area,
          remark: converting.remark,
        },
        districts.map((district) => ({ id: district.id, name: district.name })),
      ) as unknown as Record<string, unknown>),
    [converting, districts],
  );
  // A manager sees an agent's lead's phone masked: the customer keeps the lead's own.
  const phoneMasked = converting?.phone.includes('*') ?? false;
  const convertFields = coreFields('customer', {
    phone: phoneMasked ? { disabled: true, extra: '沿用线索的联系电话' } : {},
    districtIds: { options: districts.map((district) => ({ label: district.name, value: district.id })) },
    circleIds: {
      dependsOn: ['districtIds'],
      optionsFor: (values) => {
        const chosen = (values.districtIds as number[] | undefined) ?? [];
        return districts
          .filter((district) => chosen.length === 0 || chosen.includes(district.id))
          .flatMap((district) => district.circles.map((circle) => ({ label: circle.name, value: circle.id })));
      },
    },
  });

  /** A batch move: every ticked lead moved on its own, the outcome of each shown. */
  const batchMove = async (action: string, userId?: number) => {
    const result = await clueApi.batchTransition({ ids: selected, action, userId });
    if (!isApiFailure(result)) {
      setBatchResults({ action, rows: result });
      setSelected([]);
    }
    return result;
  };

  const moveFields = (action: string): FieldSpec[] =>
    action === 'assign'
      ? [{ field: 'userId', label: '跟进人', kind: 'select', required: true, options: people, placeholder: '请选择跟进人' }]
      : [
          {
            field: 'reason',
            label: '无效原因',
            kind: 'select',
            required: true,
            options: (clueActionReasons(action) ?? []).map((entry) => ({ label: entry.label, value: entry.value })),
          },
          { field: 'remark', label: '说明', kind: 'textarea', maxLength: 200, placeholder: '选择「其他」时必填' },
        ];

  const take = (row: LeadRow, action: string) => {
    const label = enumText('clueAction', action);
    if (action === 'assign' || clueActionReasons(action)) {
      setMoving({ row, action });
    } else if (action === 'convert') {
      setConverting(row);
    } else {
      confirmAction({
        title: label,
        content: `确定对线索「${row.name}」执行「${label}」吗？`,
        danger: action === 'release',
        onOk: () => clueApi.move(row.id, action).then(() => Message.success(`${label}成功`)),
      });
    }
  };

  const actions = (row: LeadRow): RowAction[] =>
    row.offeredActions.map((action) => ({
      action: ACTION_CODE[action],
      label: enumText('clueAction', action),
      testId: `clue-action-${action}`,
      danger: action === 'invalidate',
      // The rarer moves wait behind 更多, so the row keeps its width.
      more: ['release', 'invalidate', 'restore'].includes(action),
      onClick: () => take(row, action),
    }));

  return (
    <ListPage<LeadRow, LeadFilters>
      testId="clue-pool"
      query={query}
      filters={[
        { field: 'keyword', label: '关键词', placeholder: '姓名/电话' },
        { field: 'source', label: '来源', kind: 'select', options: enumOptions('clueSource') },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('clueStatus') },
        ...(people.length > 0 ? [{ field: 'ownerId', label: '跟进人', kind: 'select' as const, options: people }] : []),
        { field: 'startDate', label: '录入开始', kind: 'date' },
        { field: 'endDate', label: '录入结束', kind: 'date' },
      ]}
      toolbar={
        <>
          <Permission action="add">
            <Button type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} data-testid="clue-add">
              新增线索
            </Button>
          </Permission>
          {batchPath && (
            <Button icon={<IconUpload />} onClick={() => nav.push(batchPath)} data-testid="clue-batch">
              批量添加线索
            </Button>
          )}
          <Permission action="claim">
            <Button
              disabled={selected.length === 0}
              onClick={() =>
                void batchMove('claim').then((result) => {
                  if (isApiFailure(result)) Message.error(result.message);
                })
              }
              data-testid="clue-bulk-claim"
            >
              批量认领{selected.length > 0 && `（${selected.length}）`}
            </Button>
          </Permission>
          <Permission action="assign">
            <Button
              disabled={selected.length === 0}
              onClick={guarded('assign', () => setBulkAssigning(true))}
              data-testid="clue-bulk-assign"
            >
              批量分配{selected.length > 0 && `（${selected.length}）`}
            </Button>
          </Permission>
        </>
      }
      selection={{ keys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      columns={[
        {
          title: '姓名',
          dataIndex: 'name',
          width: 100,
          render: (name: string, row: LeadRow) => (
            <ClippedText text={name}>
              <Button type="text" size="mini" onClick={() => setShown(row.id)} data-testid="clue-name">
                {name}
              </Button>
            </ClippedText>
          ),
        },
        { title: '联系电话', dataIndex: 'phone', width: 125, className: 'cell-nowrap' },
        { title: '需求', dataIndex: 'demand', width: 100, render: (value: number | null) => enumText('customerDemand', value) },
        { title: '意向区域', dataIndex: 'area', width: 110, render: (area: string) => <ClippedText text={orDash(area)} /> },
        { title: '预算', dataIndex: 'budget', width: 100, render: budgetText },
        {
          title: '来源',
          dataIndex: 'source',
          width: 110,
          render: (source: number, row: LeadRow) => (
            <ClippedText text={[enumText('clueSource', source), row.channel].filter(Boolean).join(' · ')} />
          ),
        },
        { title: '状态', dataIndex: 'status', width: 90, render: (status: number) => <StatusTag status={status} /> },
        { title: '跟进人', dataIndex: 'ownerName', width: 80, render: orDash },
        { title: '录入时间', dataIndex: 'createdAt', width: 135, className: 'cell-nowrap', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 190,
          render: (_: unknown, row: LeadRow) => (
            <RowActions
              rowName={row.name}
              items={[{ label: '详情', testId: 'clue-detail', onClick: () => setShown(row.id) }, ...actions(row)]}
            />
          ),
        },
      ]}
    >
      <LeadDrawer id={shown} onClose={() => setShown(undefined)} actions={actions} />
      <FormModal<MoveValues>
        title={moving ? `${enumText('clueAction', moving.action)} · ${moving.row.name}` : ''}
        visible={moving !== undefined}
        fields={moving ? moveFields(moving.action) : []}
        onSubmit={(values) =>
          clueApi.transition({
            id: moving?.row.id ?? 0,
            action: moving?.action ?? '',
            userId: values.userId,
            reason: values.reason,
            remark: values.remark ?? '',
          })
        }
        onClose={() => setMoving(undefined)}
        successText={moving ? `${enumText('clueAction', moving.action)}成功` : undefined}
        testId="clue-move-form"
      />
      <FormModal<Record<string, unknown>>
        title={converting ? `转为客户 · ${converting.name}` : ''}
        visible={converting !== undefined}
        columns={2}
        fields={convertFields}
        initialValues={convertStart}
        onSubmit={(values) => clueApi.convert({ ...values, id: converting?.id ?? 0 } as Parameters<typeof clueApi.convert>[0])}
        onClose={() => setConverting(undefined)}
        okText="转为客户"
        successText="已转为客户"
        testId="clue-convert-form"
      />
      <FormModal<{ userId?: number }>
        title={`批量分配 · ${selected.length}条线索`}
        visible={bulkAssigning}
        fields={[{ field: 'userId', label: '跟进人', kind: 'select', required: true, options: people, placeholder: '请选择跟进人' }]}
        onSubmit={(values) => batchMove('assign', values.userId)}
        onClose={() => setBulkAssigning(false)}
        successText="批量分配已处理"
        testId="clue-bulk-assign-form"
      />
      <BatchResults results={batchResults} onClose={() => setBatchResults(undefined)} />
      <FormModal<Record<string, unknown>>
        title="新增线索"
        visible={adding}
        columns={2}
        fields={coreFields('clue', {
          budget: { labelFor: (values) => leadBudgetLabel(Number(values.demand ?? 1)), placeholder: '如 300，或范围 200-300' },
        })}
        onSubmit={(values) => clueApi.add(values)}
        onClose={() => setAdding(false)}
        testId="clue-add-form"
      />
    </ListPage>
  );
}
