import { Link } from 'react-router-dom';
import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { contractApi, type ContractFilters, type ContractRow } from '../../../api/business/deal';
import { enumOptions } from '../../../components/enums';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { contractKindOf, ContractStatusTag, OrderStatusTag, yuanText } from '../shared/deal';

/**
 * 买卖合同 (/work/business/dealContract) and 租赁合同 (/work/business/leaseContract): the
 * contracts of the page's kind the caller's scope reaches, by status and keyword.
 */
export default function ContractList({ route }: PageProps) {
  const kind = contractKindOf(route);
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const query = useListQuery(
    (page: ContractFilters & { pageNum: number; pageSize: number }) => contractApi.list({ ...page, kind: kind.code }),
    {} as ContractFilters,
  );
  const detailPath = (row: ContractRow) => relatedPath(table, route, `${kind.family}/detail`, row.id);
  const editPath = relatedPath(table, route, `${kind.family}/edit`, 'new');

  return (
    <ListPage<ContractRow, ContractFilters>
      key={kind.family}
      testId={`${kind.family}-list`}
      query={query}
      filters={[
        { field: 'keyword', label: '关键字', placeholder: '合同编号/地址/业主/客户' },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('contractStatus') },
      ]}
      toolbar={
        editPath && (
          <Permission action="add">
            <Button type="primary" icon={<IconPlus />} onClick={() => nav.push(editPath, { title: `新增${kind.name}` })} data-testid={`${kind.family}-add`}>
              新增{kind.name}
            </Button>
          </Permission>
        )
      }
      columns={[
        {
          title: '合同编号',
          dataIndex: 'code',
          width: 150,
          render: (code: string, row: ContractRow) => {
            const path = detailPath(row);
            return <ClippedText text={code}>{path ? <Link to={path}>{code}</Link> : code}</ClippedText>;
          },
        },
        { title: '房屋', dataIndex: 'address', width: 200, render: (address: string) => <ClippedText text={address} /> },
        { title: '业主', dataIndex: 'ownerName', width: 80, render: orDash },
        { title: '客户', dataIndex: 'customerName', width: 80, render: orDash },
        { title: kind.priceLabel, dataIndex: 'price', width: 110, className: 'cell-nowrap', render: kind.priceText },
        { title: '佣金', dataIndex: 'commission', width: 120, className: 'cell-nowrap', render: yuanText },
        { title: '已收', dataIndex: 'paid', width: 120, className: 'cell-nowrap', render: yuanText },
        { title: '成交人', dataIndex: 'agentName', width: 80, render: orDash },
        { title: '门店', dataIndex: 'storeName', width: 90, render: orDash },
        { title: '状态', dataIndex: 'status', width: 80, render: (status: number) => <ContractStatusTag status={status} /> },
        {
          title: '佣金单',
          dataIndex: 'orderStatus',
          width: 90,
          render: (status: number | null) => <OrderStatusTag status={status} />,
        },
        { title: '签约日期', dataIndex: 'signedOn', width: 105, className: 'cell-nowrap', render: orDash },
        { title: '录入时间', dataIndex: 'createdAt', width: 135, className: 'cell-nowrap', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 70,
          render: (_: unknown, row: ContractRow) => {
            const path = detailPath(row);
            return (
              path && (
                <RowActions rowName={row.code} items={[{ label: '详情', testId: 'row-detail', onClick: () => nav.push(path) }]} />
              )
            );
          },
        },
      ]}
    />
  );
}
