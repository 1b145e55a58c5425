import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Drawer, Form, Grid, Message, Space, Table, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import type {
  CommissionRuleForm,
  HouseTypeForm,
  NewHomeDetail,
  NewHomeForm,
} from '../../../api/house/newHome';
import { enumText } from '../../../components/enums';
import { coreFields } from '../../../components/form/coreForm';
import { DraftNotice } from '../../../components/form/DraftNotice';
import { hasTyped, useFormDraft } from '../../../components/form/useFormDraft';
import { clearDependents, FormField } from '../../../components/form/fields';
import { closeAsking, FormModal } from '../../../components/form/FormModal';
import { placeFailure, validated } from '../../../components/form/placeFailure';
import { rangeOptions } from './newHomeText';
import type { Areas } from './useAreas';

type ProjectValues = Omit<NewHomeForm, 'houseTypes' | 'commissionRules'>;

/** A stored project as the form's values: the texts the server sends back for editing. */
export function formOf(detail: NewHomeDetail): NewHomeForm {
  return {
    name: detail.name,
    saleStatus: String(detail.saleStatus),
    propertyType: String(detail.propertyType),
    districtId: String(detail.districtId),
    circleId: detail.circleId ? String(detail.circleId) : undefined,
    address: detail.address,
    lng: detail.lng === null || detail.lng === undefined ? undefined : String(detail.lng),
    lat: detail.lat === null || detail.lat === undefined ? undefined : String(detail.lat),
    developer: detail.developer,
    openingDate: detail.openingDate ?? undefined,
    averagePrice: detail.averagePriceText || undefined,
    propertyTerm: detail.propertyTerm ? String(detail.propertyTerm) : undefined,
    sellingPoints: detail.sellingPoints,
    houseTypes: detail.houseTypes.map((t) => ({
      name: t.name,
      rooms: String(t.rooms),
      halls: String(t.halls),
      baths: String(t.baths),
      areaMin: t.areaMinText,
      areaMax: t.areaMaxText,
      priceMin: t.priceMinText || undefined,
      priceMax: t.priceMaxText || undefined,
      saleStatus: String(t.saleStatus),
    })),
    commissionRules: (detail.commissionRules ?? []).map((r) => ({
      kind: String(r.kind),
      rate: r.rateText || undefined,
      amount: r.amountText || undefined,
      validFrom: r.validFrom,
      validTo: r.validTo ?? undefined,
    })),
  };
}

/** Selects hold numbers; the form's text fields take them as text. */
function numbered(values: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const copy = { ...values };
  for (const name of names) if (copy[name] !== undefined && copy[name] !== null) copy[name] = Number(copy[name]);
  return copy;
}

type Item<T> = { values: T; index?: number };

/** What an unsaved project keeps: its fields as typed, its house types and commission rules. */
interface Draft {
  values: Record<string, unknown>;
  types: HouseTypeForm[];
  rules: CommissionRuleForm[];
}

const wholeDraft = (found: Draft) => Boolean(found.values) && Array.isArray(found.types) && Array.isArray(found.rules) && hasTyped(found);

/**
 * 新增/编辑楼盘: the project's fields from core's form, then its house types and commission rules,
 * each added or changed in its own dialog (core's forms) and saved with the project.
 */
export function ProjectEditor({
  id,
  initial,
  areas,
  onSubmit,
  onClose,
  onSaved,
}: {
  /** The project being edited; none enters a new one. */
  id?: number;
  initial?: NewHomeForm;
  areas: Areas;
  onSubmit: (values: NewHomeForm) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ProjectValues>();
  // What was typed and not saved comes back at the next opening, over what is on file.
  const draft = useFormDraft<Draft>(`${useLocation().pathname}/project/${id ?? 'new'}`, wholeDraft);
  // Mounted once per opening (the list gives it a key), so the project's lists start from it.
  const { houseTypes = [], commissionRules = [], ...project } = initial ?? ({} as Partial<NewHomeForm>);
  const [types, setTypes] = useState<HouseTypeForm[]>(draft.restored?.types ?? houseTypes);
  const [rules, setRules] = useState<CommissionRuleForm[]>(draft.restored?.rules ?? commissionRules);
  const [typeDialog, setTypeDialog] = useState<Item<Partial<HouseTypeForm>> | undefined>();
  const [ruleDialog, setRuleDialog] = useState<Item<Partial<CommissionRuleForm>> | undefined>();
  const [saving, setSaving] = useState(false);
  const [onFile] = useState(() =>
    numbered(project, ['saleStatus', 'propertyType', 'districtId', 'circleId', 'propertyTerm', 'averagePrice']),
  );
  // Whether anything unsaved is in it (a draft brought back counts): a slip closing it asks first.
  const changed = useRef(draft.restored !== undefined);
  const keepDraft = (next: Partial<Omit<Draft, 'values'>> = {}) => {
    changed.current = true;
    draft.keep({ values: form.getFieldsValue(), types, rules, ...next });
  };
  const changeTypes = (next: HouseTypeForm[]) => {
    setTypes(next);
    keepDraft({ types: next });
  };
  const changeRules = (next: CommissionRuleForm[]) => {
    setRules(next);
    keepDraft({ rules: next });
  };
  // The draft goes over what is on file, which stays the form's start for 放弃草稿.
  const restoredValues = draft.restored?.values;
  useEffect(() => {
    if (restoredValues) form.setFieldsValue(restoredValues);
  }, [form, restoredValues]);
  /** 取消 or ×: what was typed is given up. */
  const cancel = () => {
    draft.drop();
    onClose();
  };

  const fields = coreFields('newHome', {
    districtId: { options: areas.districtOptions },
    circleId: { optionsFor: (values) => areas.circlesOf(values.districtId), dependsOn: ['districtId'] },
    propertyTerm: {
      options: rangeOptions('propertyTerm').map((option) => ({ label: option.label, value: Number(option.label.replace('年', '')) })),
    },
  });

  const save = async () => {
    const values = await validated(form, fields);
    if (!values) return;
    setSaving(true);
    try {
      const result = await onSubmit({ ...values, houseTypes: types, commissionRules: rules } as NewHomeForm);
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      draft.drop();
      Message.success('保存成功');
      onClose();
      onSaved();
    } catch {
      // The request client has already said what went wrong.
    } finally {
      setSaving(false);
    }
  };

  const keep = <T,>(list: T[], item: Item<unknown>, values: T) =>
    item.index === undefined ? [...list, values] : list.map((old, i) => (i === item.index ? values : old));

  return (
    <Drawer
      // Never wider than the window (at 800 px the form's labels were cut off).
      width="min(880px, 100vw)"
      title={initial ? '编辑楼盘' : '新增楼盘'}
      visible
      // Esc, the × and a click outside may be slips: they ask first. 取消 is a choice: it closes.
      onCancel={() => closeAsking(changed.current, cancel)}
      footer={
        <Space>
          <Button onClick={cancel}>取消</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="project-save">
            保存
          </Button>
        </Space>
      }
    >
      <DraftNotice
        shown={draft.noticed}
        onDiscard={() => {
          draft.drop();
          form.resetFields();
          setTypes(houseTypes);
          setRules(commissionRules);
        }}
      />
      <Form
        form={form}
        initialValues={onFile}
        id="project"
        data-testid="project-form"
        layout="horizontal"
        labelCol={{ span: 7 }}
        wrapperCol={{ span: 17 }}
        autoComplete="off"
        onChange={(changed, values) => {
          clearDependents(form, fields, changed, values);
          keepDraft();
        }}
      >
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            <Grid.Col key={spec.field} span={spec.kind === 'textarea' ? 24 : 12}>
              <FormField spec={spec} />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Form>

      <Typography.Title heading={6}>户型</Typography.Title>
      <Table
        data-testid="project-house-types"
        rowKey={(row) => `${row.name}-${types.indexOf(row)}`}
        pagination={false}
        size="small"
        data={types}
        noDataElement="~暂无户型~"
        columns={[
          { title: '户型名称', dataIndex: 'name' },
          { title: '室厅卫', render: (_: unknown, t: HouseTypeForm) => `${t.rooms}室${t.halls}厅${t.baths}卫` },
          { title: '建面(㎡)', render: (_: unknown, t: HouseTypeForm) => `${t.areaMin}-${t.areaMax}` },
          { title: '总价(万元)', render: (_: unknown, t: HouseTypeForm) => (t.priceMin || t.priceMax ? `${t.priceMin ?? ''}-${t.priceMax ?? ''}` : '—') },
          { title: '销售状态', render: (_: unknown, t: HouseTypeForm) => enumText('saleStatus', t.saleStatus ?? '') },
          {
            title: '操作',
            render: (_: unknown, t: HouseTypeForm, index: number) => (
              <Space size={4}>
                <Button type="text" size="small" onClick={() => setTypeDialog({ values: numbered(t, ['rooms', 'halls', 'baths', 'areaMin', 'areaMax', 'priceMin', 'priceMax', 'saleStatus']) as Partial<HouseTypeForm>, index })}>
                  编辑
                </Button>
                <Button type="text" size="small" status="danger" onClick={() => changeTypes(types.filter((_, i) => i !== index))}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Button icon={<IconPlus />} style={{ margin: '8px 0 20px' }} onClick={() => setTypeDialog({ values: {} })} data-testid="project-add-type">
        添加户型
      </Button>

      <Typography.Title heading={6}>佣金规则</Typography.Title>
      <Table
        data-testid="project-rules"
        rowKey={(row) => `${row.validFrom}-${rules.indexOf(row)}`}
        pagination={false}
        size="small"
        data={rules}
        noDataElement="~暂无佣金规则~"
        columns={[
          { title: '佣金方式', render: (_: unknown, r: CommissionRuleForm) => enumText('commissionKind', r.kind ?? '') },
          { title: '佣金', render: (_: unknown, r: CommissionRuleForm) => (String(r.kind) === '1' ? `${r.rate}%` : `${r.amount}元/套`) },
          { title: '有效期', render: (_: unknown, r: CommissionRuleForm) => `${r.validFrom} 至 ${r.validTo ?? '长期'}` },
          {
            title: '操作',
            render: (_: unknown, r: CommissionRuleForm, index: number) => (
              <Space size={4}>
                <Button type="text" size="small" onClick={() => setRuleDialog({ values: numbered(r, ['kind', 'rate', 'amount']) as Partial<CommissionRuleForm>, index })}>
                  编辑
                </Button>
                <Button type="text" size="small" status="danger" onClick={() => changeRules(rules.filter((_, i) => i !== index))}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Button icon={<IconPlus />} style={{ marginTop: 8 }} onClick={() => setRuleDialog({ values: {} })} data-testid="project-add-rule">
        添加佣金规则
      </Button>

      <FormModal<HouseTypeForm>
        title={typeDialog?.index === undefined ? '添加户型' : '编辑户型'}
        visible={typeDialog !== undefined}
        fields={coreFields('houseType')}
        initialValues={typeDialog?.values}
        columns={2}
        successText="已加入，保存楼盘后生效"
        onSubmit={async (values) => {
          if (typeDialog) changeTypes(keep(types, typeDialog, values));
        }}
        onClose={() => setTypeDialog(undefined)}
        testId="house-type-form"
      />
      <FormModal<CommissionRuleForm>
        title={ruleDialog?.index === undefined ? '添加佣金规则' : '编辑佣金规则'}
        visible={ruleDialog !== undefined}
        fields={coreFields('commissionRule', {
          rate: { visibleWhen: (values) => String(values.kind) === '1' },
          amount: { visibleWhen: (values) => String(values.kind) === '2' },
        })}
        initialValues={ruleDialog?.values}
        successText="已加入，保存楼盘后生效"
        onSubmit={async (values) => {
          if (ruleDialog) changeRules(keep(rules, ruleDialog, values));
        }}
        onClose={() => setRuleDialog(undefined)}
        testId="rule-form"
      />
    </Drawer>
  );
}
