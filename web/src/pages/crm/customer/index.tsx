import { useEffect, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { customerBudgetRanges } from '@core/wasm';
import { IconPlus } from '@arco-design/web-react/icon';
import { customerApi, type CustomerFilters, type CustomerRow } from '../../../api/crm/customer';
import { dictionaryApi } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { enumOptions, enumText } from '../../../components/enums';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions, type RowAction } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { useQueryParam } from '../../../router/useNav';
import type { PageProps } from '../../registry';
import { dateTime } from '../../org/shared/format';
import { rangeOptions } from '../../house/shared/listing';
import { CustomerDrawer } from '../shared/CustomerDrawer';
import { CustomerFormDrawer } from '../shared/CustomerFormDrawer';
import { addressed, areaText, budgetText, CustomerStatusTag, LevelStars, NextFollowUp } from '../shared/customerText';
import { isReasoned, moveLabel, moveNeeds, ReasonModal, takeMove, TransferModal } from '../shared/customerMoves';

/** The list's filters as the filter bar holds them: 待跟进 is a choice there, a flag to the server. */
type Filters = Omit<CustomerFilters, 'due' | 'mine'> & { followUp?: string };

const FOLLOW_UP_CHOICES = [{ label: '待跟进（今日及逾期）', value: 'due' }];

/** The customer number an address's `customer` names, if it is one. */
function customerId(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

/** The moves a row offers as buttons; 成交 is taken in the drawer, where the customer is read whole. */
const ROW_MOVES = ['claim', 'transfer', 'release', 'invalidate', 'restore'];

/**
 * 全部客户 (/work/crm/customer): the customers the caller's scope reaches (an agent: their own and
 * the public pool), filtered by core's enumerations and §9's ranges, each row with the moves core's
 * pool table offers this caller; a name opens the customer in a drawer.
 */
export default function Customers(_: PageProps) {
  const query = useListQuery(
    ({ followUp, ...filters }: Filters & { pageNum: number; pageSize: number }) =>
      customerApi.list({ ...filters, due: followUp === 'due' }),
    {} as Filters,
  );
  const areas = useRead(() => dictionaryApi.areas());
  const districts = (areas.data ?? []).map((district) => ({ label: district.name, value: district.id }));
  const circles = (areas.data ?? []).flatMap((district) =>
    district.circles.map((circle) => ({ label: circle.name, value: circle.id })),
  );
  // The open customer lives in the address (`?customer=<id>`, as the home page's reminder links
  // it): a reload reopens the drawer, back and forward open and close it. An address naming no
  // customer number is dropped and the list stays (a value that fails decryption has had the
  // guard's §2 'url参数错误'); a number the caller cannot read closes with the server's word.
  const [asked, setAsked] = useQueryParam('customer');
  const opened = customerId(asked);
  const setOpened = (id: number | undefined) => setAsked(id === undefined ? undefined : String(id));
  const malformed = asked !== undefined && opened === undefined;
  useEffect(() => {
    if (malformed) setAsked(undefined, true);
  }, [malformed, setAsked]);
  const [adding, setAdding] = useState(false);
  const [transferring, setTransferring] = useState<CustomerRow | undefined>();
  const [reasoning, setReasoning] = useState<{ row: CustomerRow; action: string } | undefined>();
  const [phones, setPhones] = useState<Record<number, string>>({});

  const reveal = async (row: CustomerRow) => {
    const whole = await customerApi.revealPhone(row.id).catch(() => undefined);
    if (whole) setPhones((shown) => ({ ...shown, [row.id]: whole.phone }));
  };

  const rowActions = (row: CustomerRow): RowAction[] => {
    const moves = row.offeredActions
      .filter((action) => ROW_MOVES.includes(action))
      .map((action) => ({
        action: moveNeeds(action),
        label: moveLabel(action),
        testId: `row-${action}`,
        danger: action === 'invalidate',
        // The less frequent ones wait behind 更多, so the column stays narrow.
        more: !['claim', 'transfer'].includes(action),
        onClick: () => {
          if (action === 'transfer') setTransferring(row);
          else if (isReasoned(action)) setReasoning({ row, action });
          else takeMove(row.id, row.name, action);
        },
      }));
    const phone: RowAction[] =
      row.phoneAccess === 'reveal' && phones[row.id] === undefined
        ? [{ action: 'viewPhone', label: '查看电话', testId: 'row-viewPhone', more: true, onClick: () => void reveal(row) }]
        : [];
    return [{ label: '详情', testId: 'row-detail', onClick: () => setOpened(row.id) }, ...moves, ...phone];
  };

  return (
    <ListPage<CustomerRow, Filters>
      testId="crm-customer"
      query={query}
      filters={[
        { field: 'keyword', label: '客户', placeholder: '姓名/电话/编号' },
        { field: 'demand', label: '需求', kind: 'select', options: enumOptions('customerDemand') },
        { field: 'level', label: '等级', kind: 'select', options: enumOptions('customerLevel') },
        {
          field: 'budgetRange',
          label: '预算',
          kind: 'select',
          // A rental customer budgets a monthly rent: 租房 offers the rent ranges (core).
          optionsFor: (values) => rangeOptions(customerBudgetRanges(values.demand === undefined ? undefined : Number(values.demand))),
          dependsOn: ['demand'],
        },
        { field: 'areaRange', label: '面积', kind: 'select', options: rangeOptions('area') },
        { field: 'districtId', label: '区域', kind: 'select', options: districts },
        { field: 'circleId', label: '商圈', kind: 'select', options: circles },
        { field: 'pool', label: '客别', kind: 'select', options: enumOptions('customerPool') },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('customerStatus') },
        { field: 'followUp', label: '跟进', kind: 'select', options: FOLLOW_UP_CHOICES },
      ]}
      toolbar={
        <Permission action="add">
          <Button type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} data-testid="customer-add">
            新增客户
          </Button>
        </Permission>
      }
      columns={[
        {
          title: '客户',
          dataIndex: 'name',
          width: 120,
          render: (_: string, row: CustomerRow) => (
            <Button
              type="text"
              size="mini"
              title={addressed(row)}
              style={{ padding: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
              onClick={() => setOpened(row.id)}
              data-testid="customer-open"
            >
              {addressed(row)}
            </Button>
          ),
        },
        {
          title: '电话',
          dataIndex: 'phone',
          width: 125,
          className: 'cell-nowrap',
          render: (phone: string, row: CustomerRow) => phones[row.id] ?? phone,
        },
        { title: '等级', dataIndex: 'level', width: 90, render: (level: number) => <LevelStars level={level} /> },
        { title: '需求', dataIndex: 'demand', width: 95, className: 'cell-nowrap', render: (demand: number) => enumText('customerDemand', demand) },
        { title: '预算', dataIndex: 'budgetMin', width: 110, className: 'cell-nowrap', render: (_: unknown, row: CustomerRow) => budgetText(row) },
        { title: '面积', dataIndex: 'areaMin', width: 100, className: 'cell-nowrap', render: (_: unknown, row: CustomerRow) => areaText(row) },
        {
          title: '意向区域',
          dataIndex: 'districtNames',
          width: 120,
          render: (_: unknown, row: CustomerRow) => (
            <ClippedText text={[...row.districtNames, ...row.circleNames].join('、') || '不限'} />
          ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 115,
          render: (status: number, row: CustomerRow) => <CustomerStatusTag status={status} pool={row.pool} />,
        },
        {
          title: '经纪人',
          dataIndex: 'ownerName',
          width: 110,
          render: (_: unknown, row: CustomerRow) => (
            <ClippedText text={row.ownerName ? [row.ownerName, row.storeName].filter(Boolean).join(' · ') : '—'} />
          ),
        },
        {
          title: '下次跟进',
          dataIndex: 'nextFollowUpOn',
          width: 150,
          render: (on: string | null, row: CustomerRow) => <NextFollowUp on={on} due={row.followUpDue} />,
        },
        { title: '录入时间', dataIndex: 'createdAt', width: 135, className: 'cell-nowrap', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 150,
          render: (_: unknown, row: CustomerRow) => <RowActions rowName={row.name} items={rowActions(row)} />,
        },
      ]}
    >
      {opened !== undefined && <CustomerDrawer key={opened} id={opened} onClose={() => setOpened(undefined)} />}
      {adding && <CustomerFormDrawer onClose={() => setAdding(false)} onSaved={(saved) => setOpened(saved.id)} />}
      {transferring && <TransferModal customer={transferring} onClose={() => setTransferring(undefined)} />}
      {reasoning && (
        <ReasonModal customer={reasoning.row} action={reasoning.action} onClose={() => setReasoning(undefined)} />
      )}
    </ListPage>
  );
}
