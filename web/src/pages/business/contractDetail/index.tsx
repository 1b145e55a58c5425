import { Link, useParams } from 'react-router-dom';
import { Button, Message, Space, Table } from '@arco-design/web-react';
import { IconEdit } from '@arco-design/web-react/icon';
import { contractApi, type ContractDetail, type SplitView } from '../../../api/business/deal';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { buildHref } from '../../../router/query';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { contractKindOf, ContractStatusTag, OrderStatusTag, shareText, yuanText } from '../shared/deal';
import { StatusHistory } from '../../../components/detail/StatusHistory';

/** The status names of a contract's and its order's history lines, by which entity moved. */
function statusName(code: string): string {
  return enumText('contractStatus', code);
}

/** The split over the ACN roles, each part in 元, and the whole beside it. */
export function SplitTable({ splits, total }: { splits: SplitView[]; total: number }) {
  return (
    <Table<SplitView>
      rowKey={(line) => `${line.role}-${line.userId}`}
      data={splits}
      pagination={false}
      border={{ wrapper: true, cell: false }}
      noDataElement={<span>暂无分佣</span>}
      data-testid="contract-splits"
      columns={[
        { title: '角色', dataIndex: 'roleLabel', width: 90 },
        { title: '人员', dataIndex: 'userName', width: 110, render: orDash },
        { title: '门店', dataIndex: 'storeName', width: 110, render: orDash },
        { title: '比例', dataIndex: 'shareBp', width: 90, render: shareText },
        { title: '金额', dataIndex: 'amount', render: yuanText },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell colSpan={3}>合计</Table.Summary.Cell>
          <Table.Summary.Cell>{shareText(splits.reduce((sum, line) => sum + line.shareBp, 0))}</Table.Summary.Cell>
          <Table.Summary.Cell>{yuanText(total)}</Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** Lines of a text field (payment schedule, attachments), one per row. */
function Lines({ text, testId }: { text: string; testId: string }) {
  const lines = text.split('\n').filter((line) => line.trim());
  if (lines.length === 0) return <span>—</span>;
  return (
    <ol style={{ margin: 0, paddingLeft: 20 }} data-testid={testId}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ol>
  );
}

/**
 * 买卖合同详情 (/work/business/dealContract/detail/:id) and 租赁合同详情 (…/leaseContract/detail/:id):
 * the parties, the listing, price and commission from each side, the ACN split, the payment
 * schedule, the commission order and the status history; 签约 and 解约 as core's table offers.
 */
export default function ContractDetailPage({ route }: PageProps) {
  const kind = contractKindOf(route);
  const id = Number(useParams().id);
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const detail = useRead(() => contractApi.detail(id));
  const contract: ContractDetail | undefined = detail.data;
  const editPath = relatedPath(table, route, `${kind.family}/edit`, id);
  const listingPath =
    contract?.listingId != null ? relatedPath(table, route, `house/${kind.listingFamily}/detail`, contract.listingId) : undefined;
  const commissionPath = relatedPath(table, route, 'business/commission');
  // 关联客户 opens on the customer page with its drawer (`?customer=<id>`), for whoever has that page.
  const customersPath = relatedPath(table, route, 'crm/customer');
  const customerHref =
    contract?.customerId != null && customersPath ? buildHref(customersPath, { customer: String(contract.customerId) }) : undefined;

  const take = (action: string) => {
    const label = enumText('contractAction', action);
    confirmAction({
      title: label,
      content:
        action === 'sign'
          ? `签约后房源将标记为成交，并生成佣金单。确定签约「${contract?.code ?? ''}」吗？`
          : `解约后佣金单将关闭，房源恢复有效。确定解约「${contract?.code ?? ''}」吗？`,
      danger: action === 'cancel',
      onOk: () => contractApi.move(id, action).then(() => Message.success(`${label}成功`)),
    });
  };

  return (
    <DetailPage
      testId={`${kind.family}-detail`}
      title={contract ? `${kind.name} ${contract.code}` : route.meta.title}
      subject={contract?.code}
      badges={contract && <ContractStatusTag status={contract.status} />}
      loading={!contract}
      error={detail.error}
      extra={
        contract && (
          <Space wrap>
            {/* What core's table offers this caller: the server has weighed their permissions. */}
            {contract.offeredActions.map((action) => (
              <Button
                  key={action}
                  type={action === 'sign' ? 'primary' : 'secondary'}
                  status={action === 'cancel' ? 'danger' : undefined}
                  onClick={() => take(action)}
                  data-testid={`contract-action-${action}`}
                >
                  {enumText('contractAction', action)}
                </Button>
            ))}
            {editPath && contract.mayEdit && (
              <Button type="primary" icon={<IconEdit />} onClick={() => nav.push(editPath)} data-testid="contract-edit">
                编辑
              </Button>
            )}
          </Space>
        )
      }
    >
      {contract && (
        <>
          <DetailSection
            title="合同信息"
            items={[
              { label: '合同编号', value: contract.code },
              { label: '合同类型', value: enumText('contractKind', contract.kind) },
              { label: '状态', value: <ContractStatusTag status={contract.status} /> },
              { label: '签约日期', value: orDash(contract.signedOn) },
              { label: '成交人', value: orDash(contract.agentName) },
              { label: '所属门店', value: orDash(contract.storeName) },
              { label: '客源人', value: orDash(contract.customerSourceName) },
              { label: '录入时间', value: dateTime(contract.createdAt) },
            ]}
          />
          <DetailSection
            title="房源与双方"
            items={[
              {
                label: '房屋',
                value: listingPath ? (
                  <Link to={listingPath} data-testid="contract-listing">
                    {contract.address}
                  </Link>
                ) : (
                  contract.address
                ),
              },
              { label: '业主', value: contract.ownerName },
              { label: '业主电话', value: contract.ownerPhone },
              {
                label: '客户',
                value: customerHref ? (
                  <Link to={customerHref} data-testid="contract-customer">
                    {contract.customerName}
                  </Link>
                ) : (
                  contract.customerName
                ),
              },
              { label: '客户电话', value: contract.customerPhone },
            ]}
          />
          <DetailSection
            title="价格与佣金"
            items={[
              { label: kind.priceLabel, value: kind.priceText(contract.price) },
              ...(kind.code === 2
                ? [
                    { label: '租期', value: contract.leaseMonths ? `${contract.leaseMonths}个月` : '—' },
                    { label: '押金', value: yuanText(contract.deposit) },
                  ]
                : []),
              { label: '业主佣金', value: yuanText(contract.ownerCommission) },
              { label: '客户佣金', value: yuanText(contract.customerCommission) },
              { label: '佣金合计', value: <span data-testid="contract-commission">{yuanText(contract.commission)}</span> },
              { label: '已收佣金', value: yuanText(contract.paid) },
            ]}
          />
          <DetailSection title="付款计划">
            <Lines text={contract.paymentSchedule} testId="contract-schedule" />
          </DetailSection>
          <DetailSection title="业绩分配（ACN）">
            <SplitTable splits={contract.splits} total={contract.commission} />
          </DetailSection>
          <DetailSection
            title="佣金单"
            extra={
              contract.orderId != null &&
              commissionPath && (
                <Button
                  size="small"
                  onClick={() => nav.push(commissionPath, { order: String(contract.orderId) })}
                  data-testid="contract-order-open"
                >
                  去结算
                </Button>
              )
            }
            items={
              contract.orderId != null
                ? [
                    { label: '状态', value: <OrderStatusTag status={contract.orderStatus} /> },
                    { label: '应收', value: yuanText(contract.commission) },
                    { label: '已收', value: yuanText(contract.paid) },
                  ]
                : [{ label: '状态', value: '签约后生成佣金单' }]
            }
          />
          <DetailSection
            title="附件与备注"
            column={1}
            items={[
              { label: '附件', value: <Lines text={contract.attachments} testId="contract-attachments" /> },
              { label: '备注', value: orDash(contract.remark) },
            ]}
          />
          <DetailSection title="状态记录">
            <StatusHistory history={contract.history} statusText={statusName} reasonTitle={null} testId="contract-history" />
          </DetailSection>
        </>
      )}
    </DetailPage>
  );
}
