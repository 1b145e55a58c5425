import { useMemo, useState } from 'react';
import { Button, Message, Space } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { companyApi, departmentApi, storeApi, type DepartmentNode } from '../../../api/org/org';
import { confirmDelete } from '../../../components/form/confirmAction';
import { FormModal } from '../../../components/form/FormModal';
import { RowActions } from '../../../components/list/RowActions';
import { Permission } from '../../../components/Permission';
import { TreeListPage } from '../../../components/tree/TreeListPage';
import { treeOptions } from '../../../components/tree/treeOptions';
import { useTreeQuery } from '../../../components/tree/useTreeQuery';
import type { PageProps } from '../../registry';
import { CompanyPicker } from '../shared/CompanyPicker';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesCompany } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  parentId?: number;
  storeId?: number;
  name: string;
  sort?: number;
}

type Dialog = { editing?: DepartmentNode; parentId?: number };

/** 部门 (/work/enterprise/organograma, /coc/hr/organograma): the department tree of a company. */
export default function DepartmentsPage({ route }: PageProps) {
  const withCompany = choosesCompany(route);
  const companies = useOptions(() => (withCompany ? companyApi.options() : Promise.resolve([])));
  const [chosen, setChosen] = useState<number | undefined>();
  const organisationId = withCompany ? (chosen ?? companies[0]?.id) : undefined;
  const waiting = withCompany && organisationId === undefined;
  const query = useTreeQuery(
    () => (waiting ? Promise.resolve([]) : departmentApi.tree(organisationId)),
    organisationId,
  );
  const stores = toOptions(useOptions(() => (waiting ? Promise.resolve([]) : storeApi.options({ organisationId })), organisationId));
  const [dialog, setDialog] = useState<Dialog | undefined>();

  const initialValues = useMemo<Partial<Values>>(() => {
    const editing = dialog?.editing;
    if (!editing) return { parentId: dialog?.parentId, sort: 0 };
    return {
      parentId: editing.parentId ?? undefined,
      storeId: editing.storeId ?? undefined,
      name: editing.name,
      sort: editing.sort,
    };
  }, [dialog]);

  const save = (values: Values) => {
    const editing = dialog?.editing;
    return editing
      ? departmentApi.edit({ ...values, id: editing.id, sort: values.sort ?? editing.sort })
      : departmentApi.add({ ...values, organisationId });
  };

  const remove = (department: DepartmentNode) =>
    confirmDelete('部门', department.name, async () => {
      await departmentApi.remove(department.id);
      Message.success('删除成功');
      query.reload();
    });

  return (
    <TreeListPage<DepartmentNode>
      testId="organograma-page"
      query={query}
      title="部门"
      toolbar={
        <Space>
          {withCompany && <CompanyPicker companies={companies} value={organisationId} onChange={setChosen} />}
          <Permission action="add">
            <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({})} data-testid="department-add">
              新增部门
            </Button>
          </Permission>
        </Space>
      }
      columns={[
        { title: '部门名称', dataIndex: 'name' },
        { title: '所属', dataIndex: 'storeName', render: (store?: string | null) => store || '公司' },
        { title: '员工数', dataIndex: 'staffCount', width: 90 },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '操作',
          dataIndex: '__actions',
          width: 220,
          render: (_: unknown, department: DepartmentNode) => (
            <RowActions
              rowName={department.name}
              items={[
                {
                  action: 'add',
                  label: '新增下级',
                  testId: 'row-add-child',
                  onClick: () => setDialog({ parentId: department.id }),
                },
                { action: 'edit', label: '编辑', testId: 'row-edit', onClick: () => setDialog({ editing: department }) },
                { action: 'delete', label: '删除', testId: 'row-delete', danger: true, onClick: () => remove(department) },
              ]}
            />
          ),
        },
      ]}
    >
      <FormModal<Values>
        title={dialog?.editing ? '编辑部门' : '新增部门'}
        visible={dialog !== undefined}
        fields={coreFields('department', {
          organisationId: false,
          parentId: {
            treeData: treeOptions(query.rows, (d) => d.id, (d) => d.name, dialog?.editing?.id),
            placeholder: '不选则为顶级部门',
          },
          storeId: { options: stores, placeholder: '不选则为公司级部门' },
        })}
        initialValues={initialValues}
        onSubmit={save}
        onClose={() => setDialog(undefined)}
        onSaved={query.reload}
        testId="department-form"
      />
    </TreeListPage>
  );
}
