import { Button, Form, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { clearDependents, FormField, type FieldSpec } from '../form/fields';

export interface FilterBarProps<F> {
  fields: FieldSpec[];
  initialValues: F;
  /** What 重置 goes back to, when the bar opens on kept filters; default `initialValues`. */
  defaults?: F;
  onSearch: (filters: F) => void;
}

/** The filter form over a list: 查询 applies it from page 1, 重置 goes back to the defaults. */
export function FilterBar<F extends object>({ fields, initialValues, defaults = initialValues, onSearch }: FilterBarProps<F>) {
  const [form] = Form.useForm<F>();
  return (
    <Form
      form={form}
      // Arco names each control `<form id>-<field>`: the prefix keeps a filter's ids apart from
      // the same field in the page's dialog (姓名 in both).
      id="filter"
      layout="inline"
      className="list-page__filters"
      initialValues={initialValues}
      onSubmit={(values) => onSearch({ ...defaults, ...values })}
      // A choice whose options follow another filter (预算 by 需求) is cleared when that one changes.
      onChange={(changed, values) => clearDependents(form, fields, changed, values)}
      data-testid="filter-form"
    >
      {fields.map((spec) => (
        <FormField key={spec.field} spec={spec} testIdPrefix="filter" />
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="filter-search">
            查询
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              // Every filter empties, even one the bar opened with from kept filters.
              form.clearFields();
              form.setFieldsValue(defaults as Parameters<typeof form.setFieldsValue>[0]);
              onSearch(defaults);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
