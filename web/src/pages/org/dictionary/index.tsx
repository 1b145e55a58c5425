import { Typography } from '@arco-design/web-react';
import { companyApi } from '../../../api/org/org';
import { dictionaryApi, type Dictionary } from '../../../api/org/dictionary';
import { enumText } from '../../../components/enums';
import { CrudListPage } from '../../../components/list/CrudListPage';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesCompany } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  organisationId?: number;
  dictKey: string;
  label: string;
  valueType: string;
  value: string;
  remark?: string;
}

/** 参数配置 (/work/enterprise/dictionary): typed parameters of the company. */
export default function DictionaryPage({ route }: PageProps) {
  const withCompany = choosesCompany(route);
  const companies = useOptions(() => (withCompany ? companyApi.options() : Promise.resolve([])));
  return (
    <CrudListPage<Dictionary, { keyword?: string }, Values>
      testId="dictionary"
      entityName="参数"
      rowName={(row) => row.label}
      fetchPage={dictionaryApi.list}
      initialFilters={{}}
      filters={[{ field: 'keyword', label: '键名/名称' }]}
      columns={[
        { title: '参数键名', dataIndex: 'dictKey' },
        { title: '参数名称', dataIndex: 'label' },
        { title: '值类型', dataIndex: 'valueType', render: (type: string) => enumText('dictionaryValueType', type) },
        {
          title: '参数值',
          dataIndex: 'value',
          render: (value: string) => (
            <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 240, margin: 0 }}>
              {value}
            </Typography.Text>
          ),
        },
        { title: '备注', dataIndex: 'remark', render: orDash },
        { title: '所属公司', dataIndex: 'organisationName', render: orDash },
        { title: '更新时间', dataIndex: 'updatedAt', render: dateTime },
      ]}
      defaults={{ valueType: 'string' }}
      toFormValues={(row) => ({
        dictKey: row.dictKey,
        label: row.label,
        valueType: row.valueType,
        value: row.value,
        remark: row.remark ?? undefined,
      })}
      formFields={(editing) =>
        editing
          ? coreFields('dictionaryEdit')
          : coreFields('dictionary', { organisationId: withCompany ? { options: toOptions(companies) } : false })
      }
      onAdd={(values) => dictionaryApi.add(values)}
      onEdit={(row, values) =>
        dictionaryApi.edit({
          id: row.id,
          label: values.label,
          valueType: values.valueType,
          value: values.value,
          remark: values.remark,
        })
      }
      onDelete={(row) => dictionaryApi.remove(row.id)}
    />
  );
}
