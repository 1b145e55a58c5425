// 匹配房源 of a customer: the listings (二手房 or 租房 by the customer's demand) or new-home
// projects that fit their wish, best first (core `customer::viewing::score`), each opening its
// detail page.
import { Link } from 'react-router-dom';
import { Progress, Space, Table, Tag } from '@arco-design/web-react';
import { houseAreaText, housePriceText, houseRentText } from '@core/wasm';
import { useRead } from '../../../api/useRead';
import { viewingApi, type OfferMatch } from '../../../api/crm/viewing';
import { enumText } from '../../../components/enums';

/** How well it fits, 0-100, as a small bar. */
export function FitBar({ score }: { score: number }) {
  return <Progress percent={score} size="small" width={80} formatText={() => `${score}`} />;
}

/** The detail page of what a viewing of core `viewingKind` `kind` shows: one path per record,
 *  so opening it again (from 匹配房源 or 带看记录) comes back to its one tab. */
export function offerPath(kind: number, id: number): string {
  if (kind === 3) return `/work/newHouse/detail/${id}`;
  return `/work/house/${kind === 2 ? 'rental' : 'old'}/detail/${id}`;
}

function title(match: OfferMatch): { text: string; to: string } {
  if (match.listing) {
    return {
      text: `${match.listing.communityName} ${match.listing.roomLabel}`,
      to: offerPath(match.listing.trade === 2 ? 2 : 1, match.listing.id),
    };
  }
  const project = match.project;
  return { text: project?.name ?? '', to: offerPath(3, project?.id ?? 0) };
}

function facts(match: OfferMatch): string {
  const listing = match.listing;
  if (listing) {
    const price = listing.trade === 2 ? houseRentText(listing.price) : housePriceText(listing.price);
    return [`${listing.rooms}室${listing.halls}厅`, `${houseAreaText(listing.area)}㎡`, price, listing.districtName].join(' · ');
  }
  const project = match.project;
  if (!project) return '';
  return [
    project.layouts.join('、'),
    `${houseAreaText(project.areaMin)}-${houseAreaText(project.areaMax)}㎡`,
    project.priceMin ? `${housePriceText(project.priceMin)}起` : '',
    project.districtName,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The offers that fit a customer, best first; each links to its detail page. */
export function CustomerMatches({ customerId }: { customerId: number }) {
  const matches = useRead(() => viewingApi.matchListings(customerId), customerId);
  const kind = matches.data?.kind ?? 0;
  return (
    <div data-testid="customer-matches">
      {kind > 0 && (
        <p style={{ marginTop: 0, color: 'var(--color-text-3)' }}>
          按客户需求匹配{enumText('viewingKind', kind)}（区域、预算、面积、户型），共{matches.data?.total ?? 0}条，匹配度高的在前
        </p>
      )}
      <Table<OfferMatch>
        rowKey={(m) => `${m.listing ? 'l' : 'p'}${m.listing?.id ?? m.project?.id ?? 0}`}
        data={matches.data?.list ?? []}
        loading={matches.loading}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<span>暂无匹配房源</span>}
        columns={[
          {
            title: '房源',
            render: (_: unknown, match: OfferMatch) => {
              const { text, to } = title(match);
              return (
                <Space size={4}>
                  <Link to={to}>{text}</Link>
                  {match.listing?.pool === 2 && <Tag size="small">公盘</Tag>}
                </Space>
              );
            },
          },
          { title: '概况', render: (_: unknown, match: OfferMatch) => facts(match) },
          { title: '匹配度', width: 120, render: (_: unknown, match: OfferMatch) => <FitBar score={match.score} /> },
        ]}
      />
    </div>
  );
}

export default CustomerMatches;
