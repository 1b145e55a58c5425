import { useMemo, useState } from 'react';
import { Button, Message, Select, Space } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { citySiteApi } from '../../../api/org/org';
import { districtApi, type District } from '../../../api/org/cityConfig';
import { confirmDelete } from '../../../components/form/confirmAction';
import type { FieldSpec } from '../../../components/form/fields';
import { FormModal } from '../../../components/form/FormModal';
import { RowActions } from '../../../components/list/RowActions';
import { Permission } from '../../../components/Permission';
import { TreeListPage } from '../../../components/tree/TreeListPage';
import { useTreeQuery } from '../../../components/tree/useTreeQuery';
import type { PageProps } from '../../registry';
import { useOptions } from '../shared/useOptions';
import { choosesSite } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';

/** A row of the tree: a district with its business circles below it. */
interface AreaRow {
  key: string;
  kind: 'district' | 'circle';
  id: number;
  districtId?: number;
  name: string;
  sort: number;
  children?: AreaRow[];
}

function rowsOf(districts: District[]): AreaRow[] {
  return districts.map((district) => ({
    key: `d${district.id}`,
    kind: 'district',
    id: district.id,
    name: district.name,
    sort: district.sort,
    children: district.circles.map((circle) => ({
      key: `c${circle.id}`,
      kind: 'circle',
      id: circle.id,
      districtId: district.id,
      name: circle.name,
      sort: circle.sort,
    })),
  }));
}

interface Values {
  name: string;
  sort?: number;
}

type Dialog =
  | { kind: 'district'; editing?: AreaRow }
  | { kind: 'circle'; districtId: number; editing?: AreaRow };

/** The dialog's fields: a district's city and a circle's district are the page's, not typed. */
function fieldsOf(kind: Dialog['kind']): FieldSpec[] {
  return coreFields(kind, { siteId: false, districtId: false });
}

/** 区域商圈 (/coc/config/areas): districts of the city and the business circles in each. */
export default function AreasPage({ route }: PageProps) {
  const withSite = choosesSite(route);
  const sites = useOptions(() => (withSite ? citySiteApi.options() : Promise.resolve([])));
  const [siteId, setSiteId] = useState<number | undefined>();
  const site = withSite ? (siteId ?? sites[0]?.id) : undefined;
  const query = useTreeQuery(
    () => (withSite && site === undefined ? Promise.resolve([]) : districtApi.tree(site)),
    site,
  );
  const rows = useMemo(() => rowsOf(query.rows), [query.rows]);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const initialValues = useMemo(
    () => (dialog?.editing ? { name: dialog.editing.name, sort: dialog.editing.sort } : { sort: 0 }),
    [dialog],
  );

  const save = (values: Values) => {
    if (!dialog) return Promise.resolve();
    const sort = values.sort ?? 0;
    if (dialog.kind === 'district') {
      return dialog.editing
        ? districtApi.edit({ id: dialog.editing.id, name: values.name, sort })
        : districtApi.add({ siteId: site, name: values.name, sort });
    }
    return dialog.editing
      ? districtApi.editCircle({ id: dialog.editing.id, name: values.name, sort })
      : districtApi.addCircle({ districtId: dialog.districtId, name: values.name, sort });
  };

  const remove = (row: AreaRow) =>
    confirmDelete(row.kind === 'district' ? '区域' : '商圈', row.name, async () => {
      await (row.kind === 'district' ? districtApi.remove(row.id) : districtApi.removeCircle(row.id));
      Message.success('删除成功');
      query.reload();
    });

  return (
    <TreeListPage<AreaRow>
      testId="areas-page"
      query={{ ...query, rows }}
      rowKey="key"
      title="区域商圈"
      toolbar={
        <Space>
          {withSite && (
            <Select
              style={{ width: 160 }}
              placeholder="请选择城市站点"
              value={site}
              options={sites.map((option) => ({ label: option.name, value: option.id }))}
              onChange={(value: number) => setSiteId(value)}
            />
          )}
          <Permission action="add">
            <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ kind: 'district' })} data-testid="district-add">
              新增区域
            </Button>
          </Permission>
        </Space>
      }
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '类型', dataIndex: 'kind', render: (kind: AreaRow['kind']) => (kind === 'district' ? '区域' : '商圈') },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 220,
          render: (_: unknown, row: AreaRow) => (
            <RowActions
              rowName={row.name}
              items={[
                ...(row.kind === 'district'
                  ? [
                      {
                        action: 'add',
                        label: '新增商圈',
                        testId: 'row-add-circle',
                        onClick: () => setDialog({ kind: 'circle', districtId: row.id }),
                      },
                    ]
                  : []),
                {
                  action: 'edit',
                  label: '编辑',
                  onClick: () =>
                    setDialog(
                      row.kind === 'district'
                        ? { kind: 'district', editing: row }
                        : { kind: 'circle', districtId: row.districtId ?? 0, editing: row },
                    ),
                },
                { action: 'delete', label: '删除', danger: true, onClick: () => remove(row) },
              ]}
            />
          ),
        },
      ]}
    >
      <FormModal<Values>
        title={`${dialog?.editing ? '编辑' : '新增'}${dialog?.kind === 'circle' ? '商圈' : '区域'}`}
        visible={dialog !== undefined}
        fields={fieldsOf(dialog?.kind ?? 'district')}
        initialValues={initialValues}
        onSubmit={save}
        onClose={() => setDialog(undefined)}
        onSaved={query.reload}
      />
    </TreeListPage>
  );
}
