import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Grid, Message, Modal, Space, Spin } from '@arco-design/web-react';
import { customerBudgetLabel, customerBudgetTyped, houseAreaText } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { customerApi, type CustomerDetail, type CustomerForm } from '../../../api/crm/customer';
import { dictionaryApi } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { coreFields } from '../../../components/form/coreForm';
import { DraftNotice } from '../../../components/form/DraftNotice';
import { clearDependents, FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { useEscToClose } from '../../../components/form/useEscToClose';
import { hasTyped, useFormDraft } from '../../../components/form/useFormDraft';

type Values = CustomerForm;

/** A stored customer as the form shows it again: the budget in its demand's unit (万, or 元 a
 *  month for a rental) and ㎡ as typed, the phones whole. Someone
 *  editing a customer they see masked (a manager) asks for the phones whole, on file. */
async function formValues(customer: CustomerDetail): Promise<Partial<Values>> {
  const phones =
    customer.phoneAccess === 'reveal'
      ? await customerApi.revealPhone(customer.id)
      : { phone: customer.phone, phone2: customer.phone2 };
  const bare = (phone: string) => phone.replace(/\s/g, '');
  const budget = (fen?: number | null) =>
    fen === null || fen === undefined ? undefined : customerBudgetTyped(customer.demand, fen);
  const area = (value?: number | null) => (value === null || value === undefined ? undefined : houseAreaText(value));
  return {
    name: customer.name,
    sex: customer.sex || undefined,
    phone: bare(phones.phone),
    phone2: bare(phones.phone2),
    level: customer.level,
    demand: customer.demand,
    budgetMin: budget(customer.budgetMin),
    budgetMax: budget(customer.budgetMax),
    areaMin: area(customer.areaMin),
    areaMax: area(customer.areaMax),
    districtIds: customer.districtIds,
    circleIds: customer.circleIds,
    rooms: customer.rooms ?? undefined,
    source: customer.source || undefined,
    tags: customer.tags,
    remark: customer.remark,
  };
}

/** A remark across both columns: half the label span of a column's field, so its label ends
 *  where theirs do (one column below md, as every field). */
const ACROSS = { labelCol: { xs: 8, md: 4 }, wrapperCol: { xs: 16, md: 20 } };

/**
 * 新增客户 and 编辑客户 in a drawer: core's `customer` form, with the city's districts and the
 * circles of those chosen. A phone already held within the company's de-duplication scope comes
 * back under the phone field, saying who holds it.
 */
export function CustomerFormDrawer({
  customer,
  onClose,
  onSaved,
}: {
  /** The customer being edited; none enters a new one. */
  customer?: CustomerDetail;
  onClose: () => void;
  onSaved?: (saved: CustomerDetail) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [ready, setReady] = useState(customer === undefined);
  const areas = useRead(() => dictionaryApi.areas());
  const districts = areas.data ?? [];
  // A new customer's typing is kept in this tab (F5 brings it back); leaving it asks first.
  const draft = useFormDraft<Partial<Values>>(customer ? undefined : 'customer/new');
  /** 取消, × or Esc: a new customer with something typed asks before it is thrown away. */
  const leave = () => {
    if (customer || !hasTyped(form.getFieldsValue())) {
      draft.drop();
      onClose();
      return;
    }
    Modal.confirm({
      title: '放弃录入？',
      content: '已填写的客户信息尚未保存，关闭后将不再保留。',
      okText: '放弃',
      cancelText: '继续填写',
      okButtonProps: { status: 'danger' },
      onOk: () => {
        draft.drop();
        onClose();
      },
    });
  };
  // A draft goes over the empty form, which stays the form's start for 放弃草稿.
  const restored = draft.restored;
  useEffect(() => {
    if (restored) form.setFieldsValue(restored);
  }, [form, restored]);
  // Over the customer's drawer: Esc closes this one only.
  const layer = useEscToClose(true, leave);

  useEffect(() => {
    if (!customer) return;
    let live = true;
    void formValues(customer)
      .then((values) => {
        if (!live) return;
        form.setFieldsValue(values);
        setReady(true);
      })
      .catch(() => onClose());
    return () => {
      live = false;
    };
  }, [customer, form, onClose]);

  // A budget's unit follows the demand: 万 for a purchase, 元 a month for a rental (core).
  const budgetLabel = (upper: boolean) => (values: Record<string, unknown>) =>
    customerBudgetLabel(Number(values.demand ?? 1), upper);
  const circlesWithin = (districtIds: unknown) => {
    const chosen = (districtIds as number[] | undefined) ?? [];
    return districts
      .filter((d) => chosen.length === 0 || chosen.includes(d.id))
      .flatMap((d) => d.circles.map((c) => ({ label: c.name, value: c.id })));
  };
  const fields = coreFields('customer', {
    budgetMin: { labelFor: budgetLabel(false) },
    budgetMax: { labelFor: budgetLabel(true) },
    districtIds: { options: districts.map((d) => ({ label: d.name, value: d.id })) },
    circleIds: {
      dependsOn: ['districtIds'],
      optionsFor: (values) => circlesWithin(values.districtIds),
      // Another 区域 keeps the chosen 商圈 still within the chosen districts, and only those.
      resetTo: (values) => {
        const offered = new Set(circlesWithin(values.districtIds).map((option) => option.value));
        return ((values.circleIds as number[] | undefined) ?? []).filter((id) => offered.has(id));
      },
    },
  });

  const save = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const body = { tags: [], districtIds: [], circleIds: [], ...values };
      const result = customer ? await customerApi.edit({ ...body, id: customer.id }) : await customerApi.add(body);
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      Message.success(customer ? '客户已保存' : '客户已录入');
      draft.drop();
      onClose();
      onSaved?.(result);
    } catch {
      // The request client has already said what went wrong.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      // Never wider than the window: at 800 px the labels stay whole.
      width="min(720px, 100vw)"
      title={customer ? `编辑客户 · ${customer.name}` : '新增客户'}
      visible
      onCancel={leave}
      escToExit={false}
      wrapClassName={layer}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={leave}>取消</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="customer-save">
            保存
          </Button>
        </Space>
      }
    >
      {/* The form is there from the start: an edited customer's values arrive into it. */}
      <Spin loading={!ready} block>
        <DraftNotice
          shown={draft.noticed}
          onDiscard={() => {
            form.resetFields();
            draft.drop();
          }}
        />
        <Form
          form={form}
          id="customer"
          data-testid="customer-form"
          layout="horizontal"
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 16 }}
          autoComplete="off"
          initialValues={{ tags: [], districtIds: [], circleIds: [] }}
          onChange={(changed, values) => {
            clearDependents(form, fields, changed, values);
            draft.keep(form.getFieldsValue());
          }}
        >
          <Grid.Row gutter={16}>
            {fields.map((spec) => (
              // Two columns on a wide window; one below, so no label is squeezed.
              <Grid.Col key={spec.field} xs={24} md={spec.kind === 'textarea' ? 24 : 12}>
                <FormField spec={spec.kind === 'textarea' ? { ...spec, ...ACROSS } : spec} />
              </Grid.Col>
            ))}
          </Grid.Row>
        </Form>
      </Spin>
    </Drawer>
  );
}
