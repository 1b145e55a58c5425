import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { newHomeApi, type NewHome, type NewHomeFilters, type NewHomeForm } from '../../../api/house/newHome';
import { confirmDelete } from '../../../components/form/confirmAction';
import { enumOptions, enumText } from '../../../components/enums';
import type { FieldSpec } from '../../../components/form/fields';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission, useGuardedClick, usePermissions } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { orDash } from '../../org/shared/format';
import { DistributeModal } from '../shared/DistributeModal';
import { averagePriceText, mainTypesText, rangeOptions, termText } from '../shared/newHomeText';
import { formOf, ProjectEditor } from '../shared/ProjectEditor';
import { useAreas } from '../shared/useAreas';

const SALE_COLORS: Record<number, string> = { 1: 'gray', 2: 'orange', 3: 'green', 4: 'arcoblue', 5: 'red' };

/**
 * 新房 (/work/house/new): the projects distributed to the caller's company or store, filtered by
 * the §9 ranges. 新房分销 (/coc/newHouse): the same list of the city's projects, where city
 * operations add, edit, distribute and delete them.
 */
export default function NewHomesPage({ route }: PageProps) {
  const table = useMenuStore((state) => state.routeTable);
  const { grants } = usePermissions();
  const guarded = useGuardedClick();
  const areas = useAreas();
  // The search and page live in the tab, as 二手房's and 小区's do: back and F5 keep them.
  const query = useListQuery<NewHome, NewHomeFilters>(newHomeApi.list, {}, { keepIn: useLocation().pathname });
  const [editor, setEditor] = useState<{ id?: number; initial?: NewHomeForm } | undefined>();
  const [distributing, setDistributing] = useState<NewHome | undefined>();
  const closeDistribution = useCallback(() => setDistributing(undefined), []);
  const detailPath = (row: NewHome) => relatedPath(table, route, 'newHouse/detail', row.id);
  // Commission ranges filter only for those who see commissions.
  const seesCommission = grants('commission') || grants('edit');
  // The workbench only reads: no 操作 column there.
  const manages = ['distribute', 'edit', 'delete'].some(grants);

  const edit = (row: NewHome) =>
    newHomeApi
      .detail(row.id)
      .then((detail) => setEditor({ id: row.id, initial: formOf(detail) }))
      .catch(() => undefined);
  const remove = (row: NewHome) =>
    confirmDelete('楼盘', row.name, async () => {
      await newHomeApi.remove(row.id);
      query.reload();
    });

  const actionColumn = {
    title: '操作',
    dataIndex: '__actions',
    fixed: 'right' as const,
    width: 170,
    render: (_: unknown, row: NewHome) => (
      <RowActions
        rowName={row.name}
        items={[
          { action: 'distribute', label: '分销', onClick: () => setDistributing(row) },
          { action: 'edit', label: '编辑', testId: 'row-edit', onClick: () => void edit(row) },
          { action: 'delete', label: '删除', testId: 'row-delete', danger: true, onClick: () => void remove(row) },
        ]}
      />
    ),
  };

  const filters: FieldSpec[] = [
    { field: 'keyword', label: '楼盘', placeholder: '楼盘名称/地址/开发商' },
    { field: 'districtId', label: '区域', kind: 'select', options: areas.districtOptions },
    { field: 'saleStatus', label: '销售状态', kind: 'select', options: enumOptions('saleStatus') },
    { field: 'propertyType', label: '物业类型', kind: 'select', options: enumOptions('propertyTypeMap') },
    { field: 'openingDate', label: '开盘时间', kind: 'select', options: rangeOptions('openingDate') },
    { field: 'averagePrice', label: '均价', kind: 'select', options: rangeOptions('averagePrice') },
    { field: 'propertyTerm', label: '产权年限', kind: 'select', options: rangeOptions('propertyTerm') },
    ...(seesCommission
      ? [{ field: 'commission', label: '佣金比例', kind: 'select' as const, options: rangeOptions('commission') }]
      : []),
  ];

  return (
    <ListPage<NewHome, NewHomeFilters>
      testId="newHome-list"
      query={query}
      filters={filters}
      initialFilters={{}}
      toolbar={
        <Permission action="add">
          <Button type="primary" icon={<IconPlus />} onClick={guarded('add', () => setEditor({}))} data-testid="newHome-add">
            新增楼盘
          </Button>
        </Permission>
      }
      columns={[
        {
          title: '楼盘名称',
          dataIndex: 'name',
          width: 150,
          render: (name: string, row: NewHome) => {
            const path = detailPath(row);
            return <ClippedText text={name}>{path ? <Link to={path}>{name}</Link> : name}</ClippedText>;
          },
        },
        {
          title: '区域/商圈',
          dataIndex: 'districtName',
          width: 130,
          render: (_: unknown, row: NewHome) => [row.districtName, row.circleName].filter(Boolean).join(' · '),
        },
        {
          title: '销售状态',
          dataIndex: 'saleStatus',
          width: 100,
          render: (status: number) => <Tag color={SALE_COLORS[status]}>{enumText('saleStatus', status)}</Tag>,
        },
        { title: '物业类型', dataIndex: 'propertyType', width: 90, render: (type: number) => enumText('propertyTypeMap', type) },
        { title: '均价', dataIndex: 'averagePriceFen', width: 120, render: (_: unknown, row: NewHome) => averagePriceText(row) },
        {
          title: '主力户型',
          dataIndex: 'rooms',
          width: 150,
          render: (_: unknown, row: NewHome) => mainTypesText(row),
        },
        { title: '开盘日期', dataIndex: 'openingDate', width: 110, render: orDash },
        { title: '产权', dataIndex: 'propertyTerm', width: 70, render: termText },
        { title: '地址', dataIndex: 'address', render: (address: string) => <ClippedText text={address} /> },
        ...(manages ? [actionColumn] : []),
      ]}
    >
      {editor && (
        <ProjectEditor
          key={editor.id ?? 'new'}
          id={editor.id}
          initial={editor.initial}
          areas={areas}
          onSubmit={(values) => (editor.id ? newHomeApi.edit(editor.id, values) : newHomeApi.add(values))}
          onClose={() => setEditor(undefined)}
          onSaved={query.reload}
        />
      )}
      {distributing && <DistributeModal key={distributing.id} project={distributing} onClose={closeDistribution} />}
    </ListPage>
  );
}
