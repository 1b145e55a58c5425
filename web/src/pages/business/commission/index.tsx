import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Descriptions, Drawer, Message, Result, Space, Spin, Table, Typography } from '@arco-design/web-react';
import { houseFenToYuan } from '@core/wasm';
import { orderApi, type OrderDetail, type OrderFilters, type OrderPay, type OrderRow, type ReceiptView } from '../../../api/business/deal';
import { useRead } from '../../../api/useRead';
import { enumOptions, enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import type { FieldSpec } from '../../../components/form/fields';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useRouteQuery } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { OrderStatusTag, yuanText } from '../shared/deal';
import { StatusHistory } from '../../../components/detail/StatusHistory';

/** The page action (authAction) each core `orderAction` needs: core `deal::Duty` by name. */
const DUTY_OF: Record<string, string> = {
  submit: 'submit',
  approve: 'review',
  reject: 'review',
  pay: 'confirm',
  close: 'close',
};

const REJECT_FIELDS: FieldSpec[] = [{ field: 'reason', label: '驳回原因', kind: 'textarea', required: true, maxLength: 200 }];

/**
 * Where an order comes from: its contract or new-home deal (a link to it). The house is the
 * 房屋 column's alone, so a new-home deal is named by its kind, not by its project and unit again.
 */
function Source({ row, route }: { row: OrderRow; route: PageProps['route'] }) {
  const table = useMenuStore((state) => state.routeTable);
  if (row.newHomeDealId != null) {
    const path = relatedPath(table, route, 'newHouse/dealDetail', row.newHomeDealId);
    const text = '新房成交';
    return (
      <ClippedText text={text}>
        {path ? (
          <Link to={path} data-testid="order-source">
            {text}
          </Link>
        ) : (
          text
        )}
      </ClippedText>
    );
  }
  if (!row.contractCode || row.contractId == null) return <span>—</span>;
  const family = row.contractKind === 2 ? 'leaseContract' : 'dealContract';
  const path = relatedPath(table, route, `${family}/detail`, row.contractId);
  const text = `${enumText('contractKind', row.contractKind)} ${row.contractCode}`;
  return (
    <ClippedText text={text}>
      {path ? (
        <Link to={path} data-testid="order-source">
          {text}
        </Link>
      ) : (
        text
      )}
    </ClippedText>
  );
}

function statusName(code: string): string {
  return code === '' ? '—' : enumText('orderStatus', code);
}

/** One order: its figures, receipts and history, and the moves core's table offers the caller. */
function OrderDrawer({ id, route, onClose }: { id: number | undefined; route: PageProps['route']; onClose: () => void }) {
  const detail = useRead(() => (id === undefined ? Promise.resolve(undefined) : orderApi.detail(id)), ['order', id]);
  const order: OrderDetail | undefined = detail.data;
  const [rejecting, setRejecting] = useState(false);
  const [paying, setPaying] = useState(false);
  const remaining = order ? order.receivable - order.paid : 0;
  // What is left, offered as the receipt's amount (kept while the dialog is open).
  const payDefaults = useMemo(() => ({ amount: houseFenToYuan(remaining) }), [remaining]);

  const take = (action: string) => {
    if (!order) return;
    const label = enumText('orderAction', action);
    if (action === 'reject') return setRejecting(true);
    if (action === 'pay') return setPaying(true);
    confirmAction({
      title: label,
      content:
        action === 'close'
          ? `关闭后佣金单不能再收款，已收的款项保留在案。确定关闭「${order.code}」吗？`
          : `确定对佣金单「${order.code}」执行「${label}」吗？`,
      danger: action === 'close',
      onOk: () => orderApi.move(order.id, action).then(() => Message.success(`${label}成功`)),
    });
  };

  return (
    <Drawer
      width="min(760px, 100vw)"
      title={order ? `佣金单 ${order.code}` : '佣金单'}
      visible={id !== undefined}
      onCancel={onClose}
      footer={null}
      unmountOnExit
      data-testid="order-drawer"
    >
      {detail.error ? (
        // An order that is gone or not the caller's, in a detail page's words (the drawer closes).
        <Result
          status="404"
          title="无法显示该记录"
          subTitle={detail.error.message || '加载失败，请稍后重试'}
          data-testid="detail-error"
        />
      ) : !order ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <OrderStatusTag status={order.status} />
            {order.offeredActions.map((action) => (
              <Permission key={action} action={DUTY_OF[action] ?? action}>
                <Button
                  size="small"
                  type={action === 'approve' || action === 'pay' || action === 'submit' ? 'primary' : 'secondary'}
                  status={action === 'close' || action === 'reject' ? 'danger' : undefined}
                  onClick={() => take(action)}
                  data-testid={`order-action-${action}`}
                >
                  {action === 'pay' ? '收款' : enumText('orderAction', action)}
                </Button>
              </Permission>
            ))}
          </Space>
          <Descriptions
            column={2}
            colon="："
            labelStyle={{ width: 90, color: 'var(--color-text-3)' }}
            data={[
              { label: '来源', value: <Source row={order} route={route} /> },
              { label: '房屋', value: orDash(order.address) },
              { label: '客户', value: orDash(order.customerName) },
              { label: '成交人', value: `${order.agentName}${order.storeName ? `（${order.storeName}）` : ''}` },
              { label: '应收', value: yuanText(order.receivable) },
              { label: '已收', value: <span data-testid="order-paid">{yuanText(order.paid)}</span> },
              { label: '未收', value: <span data-testid="order-remaining">{yuanText(remaining)}</span> },
              { label: '结清时间', value: dateTime(order.settledAt) },
              ...(order.reason ? [{ label: '原因', value: order.reason }] : []),
            ]}
          />
          <Typography.Title heading={6} style={{ margin: 0 }}>
            收款记录
          </Typography.Title>
          <Table<ReceiptView>
            rowKey="id"
            data={order.receipts}
            pagination={false}
            border={{ wrapper: true, cell: false }}
            noDataElement={<span>暂无收款</span>}
            data-testid="order-receipts"
            columns={[
              { title: '时间', dataIndex: 'receivedAt', render: dateTime },
              { title: '方式', dataIndex: 'payWay', render: (way: number) => enumText('payWay', way) },
              { title: '金额', dataIndex: 'amount', render: yuanText },
              { title: '确认人', dataIndex: 'confirmedByName', render: orDash },
              { title: '备注', dataIndex: 'remark', render: orDash },
            ]}
          />
          <Typography.Title heading={6} style={{ margin: 0 }}>
            状态记录
          </Typography.Title>
          <StatusHistory history={order.history} statusText={statusName} reasonTitle="说明" testId="order-history" />
        </Space>
      )}
      <FormModal<{ reason: string }>
        title="驳回佣金单"
        visible={rejecting}
        fields={REJECT_FIELDS}
        onSubmit={(values) => orderApi.reject(order?.id ?? 0, values.reason)}
        onClose={() => setRejecting(false)}
        successText="已驳回"
        testId="order-reject-form"
      />
      <FormModal<Omit<OrderPay, 'id'>>
        title="确认收款"
        visible={paying}
        fields={coreFields('orderReceipt', { amount: { extra: `未收 ${yuanText(remaining)}` } })}
        initialValues={payDefaults}
        onSubmit={(values) => orderApi.pay({ ...values, id: order?.id ?? 0 })}
        onClose={() => setPaying(false)}
        successText="收款已确认"
        testId="order-pay-form"
      />
    </Drawer>
  );
}

/**
 * 佣金结算 (/work/business/commission): the commission orders the caller reads (receivable, paid,
 * what is left, status by spec §3's codes); each opens with the moves core's order table and the
 * caller's duties allow: 提交审核, 审核通过 / 驳回 with a reason, 收款 by payWay, 关闭.
 */
export default function Commission({ route }: PageProps) {
  const query = useListQuery(orderApi.list, {} as OrderFilters);
  const asked = useRouteQuery().order ?? '';
  // 去结算 on a contract opens its order here (each navigation mounts the page afresh); an
  // address whose order is not an id opens nothing.
  const [open, setOpen] = useState<number | undefined>(/^[1-9]\d{0,15}$/.test(asked) ? Number(asked) : undefined);

  return (
    <ListPage<OrderRow, OrderFilters>
      testId="commission-list"
      query={query}
      filters={[
        { field: 'keyword', label: '关键字', placeholder: '合同编号/客户/地址' },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('orderStatus') },
        { field: 'kind', label: '合同类型', kind: 'select', options: enumOptions('contractKind') },
      ]}
      columns={[
        { title: '佣金单号', dataIndex: 'code', width: 150, render: (code: string) => <ClippedText text={code} /> },
        { title: '来源', dataIndex: 'contractCode', width: 170, render: (_: unknown, row: OrderRow) => <Source row={row} route={route} /> },
        { title: '房屋', dataIndex: 'address', width: 180, render: (address: string) => <ClippedText text={orDash(address)} /> },
        { title: '客户', dataIndex: 'customerName', width: 80, render: orDash },
        { title: '成交人', dataIndex: 'agentName', width: 80, render: orDash },
        { title: '门店', dataIndex: 'storeName', width: 90, render: orDash },
        { title: '应收', dataIndex: 'receivable', width: 120, className: 'cell-nowrap', render: yuanText },
        { title: '已收', dataIndex: 'paid', width: 120, className: 'cell-nowrap', render: yuanText },
        {
          title: '未收',
          dataIndex: '__remaining',
          width: 120,
          className: 'cell-nowrap',
          render: (_: unknown, row: OrderRow) => yuanText(row.receivable - row.paid),
        },
        { title: '状态', dataIndex: 'status', width: 90, render: (status: number) => <OrderStatusTag status={status} /> },
        { title: '生成时间', dataIndex: 'createdAt', width: 135, className: 'cell-nowrap', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 70,
          render: (_: unknown, row: OrderRow) => (
            <RowActions rowName={row.code} items={[{ label: '处理', testId: 'row-open', onClick: () => setOpen(row.id) }]} />
          ),
        },
      ]}
    >
      <OrderDrawer id={open} route={route} onClose={() => setOpen(undefined)} />
    </ListPage>
  );
}
