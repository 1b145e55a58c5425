import { Link, useLocation } from 'react-router-dom';
import { Button, Typography } from '@arco-design/web-react';
import { IconDownload, IconPlus } from '@arco-design/web-react/icon';
import { houseExportFileName } from '@core/wasm';
import { saveFile } from '../../../api/ai/logs';
import { dictionaryApi, type ListingFilters, type ListingRow } from '../../../api/house/oldHouse';
import { storeApi } from '../../../api/org/org';
import { useRead } from '../../../api/useRead';
import { enumOptions, enumText } from '../../../components/enums';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useSettingsStore } from '../../../stores/settings';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { circleOptions } from '../shared/communityFormat';
import { areaText, floorText, layoutText, ListingStatusTag, rangeOptions, tradeOf } from '../shared/listing';

/** Columns a narrow window leaves out (the detail page has them). */
const NARROW_HIDDEN = ['districtName', 'floor', 'unitPrice', 'rentType', 'paymentTerms', 'ownerPhone', 'createdAt'];

/**
 * 二手房 (/work/house/old) and 租房 (/work/house/rental): the listings of the page's trade the
 * caller's scope reaches, filtered by core's ranges of the trade.
 */
export default function ListingList({ route }: PageProps) {
  // The page's trade keeps its own filters, rows and test ids.
  return <TradeListings key={tradeOf(route).family} route={route} />;
}

function TradeListings({ route }: PageProps) {
  const trade = tradeOf(route);
  // Below 992 px (800 px with the sidebar folded) the details a row's detail page shows anyway
  // step aside, so 状态 and 维护人 are seen without scrolling sideways.
  const narrow = useSettingsStore((state) => state.narrowWindow);
  const shown = <C extends { dataIndex: string }>(columns: C[]) =>
    narrow ? columns.filter((column) => !NARROW_HIDDEN.includes(column.dataIndex)) : columns;
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  // The filters and page live in the tab (its path's sessionStorage entry): F5 keeps them.
  const query = useListQuery(trade.api.list, {} as ListingFilters, { keepIn: useLocation().pathname });
  const areas = useRead(() => dictionaryApi.areas());
  const districts = (areas.data ?? []).map((district) => ({ label: district.name, value: district.id }));
  // 门店 for a scope over several stores (the boss, a store group's manager); one store's people
  // have nothing to choose.
  const storeOptions = useRead(() => storeApi.options());
  const stores = (storeOptions.data ?? []).map((store) => ({ label: store.name, value: store.id }));
  const detailPath = (row: ListingRow) => relatedPath(table, route, `${trade.family}/detail`, row.id);
  const editPath = relatedPath(table, route, `${trade.family}/edit`, 'new');
  // The trade's own filters: a sale by total, unit price and term; a lease by rent and type.
  const tradeFilters =
    trade.code === 1
      ? [
          { field: 'priceRange' as const, label: '总价', kind: 'select' as const, options: rangeOptions('price') },
          // §9's ranges skip 40-60万: any span is typed here.
          { field: 'price', label: '总价(万)', kind: 'range' as const },
          { field: 'areaRange' as const, label: '面积', kind: 'select' as const, options: rangeOptions('area') },
          { field: 'averagePriceRange' as const, label: '单价', kind: 'select' as const, options: rangeOptions('averagePrice') },
          { field: 'floorRange' as const, label: '楼层', kind: 'select' as const, options: rangeOptions('floor') },
          { field: 'propertyTermRange' as const, label: '产权', kind: 'select' as const, options: rangeOptions('propertyTerm') },
        ]
      : [
          { field: 'rentRange' as const, label: '租金', kind: 'select' as const, options: rangeOptions('rent') },
          { field: 'price', label: '租金(元)', kind: 'range' as const },
          { field: 'areaRange' as const, label: '面积', kind: 'select' as const, options: rangeOptions('area') },
          { field: 'rentType' as const, label: '方式', kind: 'select' as const, options: enumOptions('rentType') },
          { field: 'floorRange' as const, label: '楼层', kind: 'select' as const, options: rangeOptions('floor') },
        ];

  // 导出 writes what the list shows now: the same filters, the server's rows and masking.
  const download = () =>
    void trade.api
      .exportXlsx(query.filters)
      .then((blob) => {
        if (blob instanceof Blob) saveFile(blob, houseExportFileName(trade.code));
      })
      .catch(() => undefined);

  return (
    <ListPage<ListingRow, ListingFilters>
      testId={`${trade.family}-house`}
      query={query}
      filters={[
        { field: 'keyword', label: '小区', placeholder: '名称/拼音/首字母' },
        { field: 'districtId', label: '区域', kind: 'select', options: districts },
        {
          field: 'businessCircleId',
          label: '商圈',
          kind: 'select',
          // The chosen 区域's circles (the city's while none is); another 区域 clears the choice.
          optionsFor: (values) => circleOptions(areas.data ?? [], values.districtId),
          dependsOn: ['districtId'],
        },
        ...tradeFilters,
        ...(stores.length > 1 ? [{ field: 'storeId' as const, label: '门店', kind: 'select' as const, options: stores }] : []),
        { field: 'rooms', label: '户型', kind: 'select', options: enumOptions('roomCount') },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions(trade.statuses) },
        { field: 'pool', label: '盘别', kind: 'select', options: enumOptions('housePool') },
      ]}
      toolbar={
        <>
          {editPath && (
            <Permission action="add">
              <Button
                type="primary"
                icon={<IconPlus />}
                onClick={() => nav.push(editPath, { title: `新增${trade.name}` })}
                data-testid={`${trade.family}-house-add`}
              >
                {trade.code === 1 ? '录入房源' : '录入租房'}
              </Button>
            </Permission>
          )}
          <Permission action="export">
            <Button icon={<IconDownload />} onClick={download} data-testid={`${trade.family}-house-export`}>
              导出
            </Button>
          </Permission>
        </>
      }
      columns={shown([
        {
          title: '房源',
          dataIndex: 'communityName',
          width: 175,
          render: (name: string, row: ListingRow) => {
            const text = `${name} ${row.roomLabel}`;
            const path = detailPath(row);
            return <ClippedText text={text}>{path ? <Link to={path}>{text}</Link> : text}</ClippedText>;
          },
        },
        {
          title: '区域',
          dataIndex: 'districtName',
          width: 110,
          // The district over its business circle: both read whole in a narrow column.
          render: (district: string, row: ListingRow) => (
            <>
              <ClippedText text={district || '—'} />
              {row.businessCircleName && (
                <ClippedText text={row.businessCircleName}>
                  <Typography.Text type="secondary">{row.businessCircleName}</Typography.Text>
                </ClippedText>
              )}
            </>
          ),
        },
        { title: '户型', dataIndex: 'rooms', width: 95, className: 'cell-nowrap', render: (_: unknown, row: ListingRow) => layoutText(row) },
        { title: '面积', dataIndex: 'area', width: 90, className: 'cell-nowrap', render: areaText },
        { title: '楼层', dataIndex: 'floor', width: 75, render: (_: unknown, row: ListingRow) => floorText(row) },
        { title: trade.priceLabel, dataIndex: 'price', width: trade.code === 1 ? 85 : 100, render: trade.priceText },
        ...(trade.code === 1
          ? [{ title: trade.unitLabel, dataIndex: 'unitPrice', width: 105, className: 'cell-nowrap', render: trade.unitText }]
          : [
              {
                title: '方式',
                dataIndex: 'rentType',
                width: 70,
                render: (value: number | null) => enumText('rentType', value),
              },
              {
                title: '付款',
                dataIndex: 'paymentTerms',
                width: 90,
                className: 'cell-nowrap',
                render: (value: number | null) => enumText('rentPayment', value),
              },
            ]),
        {
          title: '状态',
          dataIndex: 'status',
          width: 85,
          render: (status: number, row: ListingRow) => <ListingStatusTag status={status} pool={row.pool} trade={trade} />,
        },
        { title: '维护人', dataIndex: 'maintainerName', width: 80, render: orDash },
        { title: '业主电话', dataIndex: 'ownerPhone', width: 125, className: 'cell-nowrap' },
        { title: '录入时间', dataIndex: 'createdAt', width: 135, className: 'cell-nowrap', render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 70,
          render: (_: unknown, row: ListingRow) => {
            const path = detailPath(row);
            return (
              path && (
                <RowActions
                  rowName={row.communityName}
                  items={[{ label: '详情', testId: 'row-detail', onClick: () => nav.push(path) }]}
                />
              )
            );
          },
        },
      ])}
    />
  );
}
