import { Link, useLocation } from 'react-router-dom';
import { Button, Message, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { communityApi, type Community, type CommunityFilters } from '../../../api/house/community';
import { enumOptions, enumText } from '../../../components/enums';
import { confirmDelete } from '../../../components/form/confirmAction';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission, useGuardedClick } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { orDash } from '../../org/shared/format';
import { useOptions } from '../../org/shared/useOptions';
import { circleOptions, districtOptions, placeOf } from '../shared/communityFormat';

const OFFER_COLOURS: Record<number, string> = { 1: 'gray', 2: 'green', 3: 'orange', 4: 'red', 5: 'arcoblue' };

/** 小区 (/work/house/community): the city's community dictionary, found by name, pinyin or initials. */
export default function CommunityPage({ route }: PageProps) {
  const nav = useNav();
  const guarded = useGuardedClick();
  const table = useMenuStore((state) => state.routeTable);
  const districts = useOptions(communityApi.areas);
  // The search and page live in the tab (its path's sessionStorage entry), as 二手房's do: back
  // and F5 keep them.
  const query = useListQuery<Community, CommunityFilters>(communityApi.list, {}, { keepIn: useLocation().pathname });
  const detailPath = (row: Community) => relatedPath(table, route, 'communityDetail', row.id);
  const editPath = relatedPath(table, route, 'communityEdit');

  const remove = (row: Community) =>
    confirmDelete('小区', row.name, async () => {
      await communityApi.remove(row.id);
      Message.success('删除成功');
      query.reload();
    });

  return (
    <ListPage<Community, CommunityFilters>
      testId="community-list"
      query={query}
      initialFilters={{}}
      filters={[
        { field: 'keyword', label: '小区', placeholder: '名称、别名、拼音或首字母' },
        { field: 'districtId', label: '区域', kind: 'select', options: districtOptions(districts) },
        {
          field: 'businessCircleId',
          label: '商圈',
          kind: 'select',
          optionsFor: (values) => circleOptions(districts, values.districtId),
          dependsOn: ['districtId'],
        },
        { field: 'offerStatus', label: '在售状态', kind: 'select', options: enumOptions('communityOfferStatus') },
      ]}
      toolbar={
        editPath && (
          <Permission action="add">
            <Button
              type="primary"
              icon={<IconPlus />}
              onClick={guarded('add', () => nav.push(editPath, { title: '新增小区' }))}
              data-testid="community-add"
            >
              新增小区
            </Button>
          </Permission>
        )
      }
      columns={[
        {
          title: '小区名称',
          dataIndex: 'name',
          width: 120,
          render: (name: string, row: Community) => {
            const path = detailPath(row);
            return <ClippedText text={name}>{path ? <Link to={path}>{name}</Link> : name}</ClippedText>;
          },
        },
        {
          title: '别名',
          dataIndex: 'aliases',
          width: 100,
          render: (aliases: string[]) => <ClippedText text={orDash(aliases.join('、'))} />,
        },
        {
          title: '区域商圈',
          dataIndex: 'districtName',
          width: 150,
          render: (_: unknown, row: Community) => <ClippedText text={placeOf(row)} />,
        },
        { title: '地址', dataIndex: 'address', render: (address: string) => <ClippedText text={orDash(address)} /> },
        {
          title: '物业类型',
          dataIndex: 'propertyType',
          width: 90,
          render: (value: number) => enumText('propertyTypeMap', value),
        },
        { title: '建成年代', dataIndex: 'buildYear', width: 90, render: orDash },
        {
          title: '栋座/房号',
          dataIndex: 'buildingCount',
          width: 100,
          render: (_: unknown, row: Community) => `${row.buildingCount} / ${row.roomCount}`,
        },
        {
          title: '在售状态',
          dataIndex: 'offerStatus',
          width: 90,
          render: (value: number) => <Tag color={OFFER_COLOURS[value]}>{enumText('communityOfferStatus', value)}</Tag>,
        },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right',
          width: 150,
          render: (_: unknown, row: Community) => {
            const path = detailPath(row);
            return (
              <RowActions
                rowName={row.name}
                items={[
                  ...(path ? [{ label: '详情', testId: 'row-detail', onClick: () => nav.push(path) }] : []),
                  ...(editPath
                    ? [{ action: 'edit', label: '编辑', testId: 'row-edit', onClick: () => nav.push(editPath, { id: String(row.id) }) }]
                    : []),
                  { action: 'delete', label: '删除', testId: 'row-delete', danger: true, onClick: () => remove(row) },
                ]}
              />
            );
          },
        },
      ]}
    />
  );
}
