// What a listing's detail page shows of customers: its 带看记录 (every viewing of it; a customer
// the viewer does not read shows as 王先生) and 匹配客户 (the customers it fits, best first,
// within the viewer's reach).
import { Space, Table, Tag } from '@arco-design/web-react';
import { useRead } from '../../../api/useRead';
import { viewingApi, type CustomerMatch } from '../../../api/crm/viewing';
import { enumText } from '../../../components/enums';
import { DetailSection } from '../../../components/detail/DetailPage';
import { orDash } from '../../org/shared/format';
import { FitBar } from './CustomerMatches';
import { areaText, budgetText } from './customerText';
import { ViewingTable } from './CustomerViewings';
import { addressed } from './customerText';

/** 带看记录 of a listing. */
export function ListingViewings({ listingId }: { listingId: number }) {
  const viewings = useRead(() => viewingApi.ofListing(listingId), listingId);
  const total = viewings.data?.total ?? 0;
  return (
    <DetailSection title="带看记录" extra={<span data-testid="listing-viewing-total">共{total}次带看</span>}>
      <ViewingTable rows={viewings.data?.list ?? []} loading={viewings.loading} on="listing" />
    </DetailSection>
  );
}

/** 匹配客户 of a listing. */
export function ListingMatches({ listingId }: { listingId: number }) {
  const matches = useRead(() => viewingApi.matchCustomers(listingId), listingId);
  return (
    <DetailSection title="匹配客户" extra={<span>按区域、预算、面积、户型匹配，共{matches.data?.total ?? 0}位</span>}>
      <Table<CustomerMatch>
        rowKey={(m) => m.customer.id}
        data={matches.data?.list ?? []}
        loading={matches.loading}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<span>暂无匹配客户</span>}
        data-testid="listing-matches"
        columns={[
          {
            title: '客户',
            render: (_: unknown, { customer }: CustomerMatch) => (
              <Space size={4}>
                <span>{addressed(customer)}</span>
                <Tag size="small" color="orangered">
                  {enumText('customerLevel', customer.level)}
                </Tag>
                {customer.pool === 2 && <Tag size="small">公客</Tag>}
              </Space>
            ),
          },
          {
            title: '预算',
            render: (_: unknown, { customer }: CustomerMatch) => budgetText(customer),
          },
          {
            title: '面积',
            render: (_: unknown, { customer }: CustomerMatch) => areaText(customer),
          },
          {
            title: '意向区域',
            render: (_: unknown, { customer }: CustomerMatch) => customer.districtNames.join('、') || '不限',
          },
          { title: '经纪人', render: (_: unknown, { customer }: CustomerMatch) => orDash(customer.ownerName) },
          { title: '匹配度', width: 120, render: (_: unknown, { score }: CustomerMatch) => <FitBar score={score} /> },
        ]}
      />
    </DetailSection>
  );
}
