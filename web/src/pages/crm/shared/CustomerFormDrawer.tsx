import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Grid, Message, Modal, Space, Spin } from '@arco-design/web-react';
import { customerBudgetLabel, customerBudgetTyped, houseAreaText } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { customerApi, type CustomerDetail, type CustomerForm } from '../../../api/crm/customer';
import { dictionaryApi } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { coreFields } from '../../../components/form/coreForm';
import { clearDependents, FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { useEscToClose } from '../../../components/form/useEscToClose';
import { storageKeys } from '../../../stores/storageKeys';
import { useUserStore } from '../../../stores/user';

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

/** The values a new customer's form was left with in this tab, if any were typed. */
function readDraft(key: string | undefined): Partial<Values> | undefined {
  if (!key) return undefined;
  try {
    const found = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Values> | null;
    return found && typeof found === 'object' && typed(found) ? found : undefined;
  } catch {
    return undefined;
  }
}

/** Whether anything was typed or picked (the empty lists the form starts with are nothing). */
function typed(values: Partial<Values>): boolean {
  return Object.values(values).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '',
  );
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
  const userId = useUserStore((state) => state.info?.userId);
  const draftKey = !customer && userId != null ? storageKeys.formDraft('customer', String(userId)) : undefined;
  const [draft] = useState(() => readDraft(draftKey));
  const [restored, setRestored] = useState(draft !== undefined);
  const keepDraft = () => {
    if (!draftKey) return;
    try {
      sessionStorage.setItem(draftKey, JSON.stringify(form.getFieldsValue()));
    } catch {
      // A full storage keeps no draft; the form goes on.
    }
  };
  const dropDraft = () => {
    if (draftKey) sessionStorage.removeItem(draftKey);
  };
  /** 取消, × or Esc: a new customer with something typed asks before it is thrown away. */
  const leave = () => {
    if (customer || !typed(form.getFieldsValue())) {
      dropDraft();
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
        dropDraft();
        onClose();
      },
    });
  };
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
  const fields = coreFields('customer', {
    budgetMin: { labelFor: budgetLabel(false) },
    budgetMax: { labelFor: budgetLabel(true) },
    districtIds: { options: districts.map((d) => ({ label: d.name, value: d.id })) },
    circleIds: {
      dependsOn: ['districtIds'],
      optionsFor: (values) => {
        const chosen = (values.districtIds as number[] | undefined) ?? [];
        return districts
          .filter((d) => chosen.length === 0 || chosen.includes(d.id))
          .flatMap((d) => d.circles.map((c) => ({ label: c.name, value: c.id })));
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
      dropDraft();
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
        {restored && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            content="已恢复上次未保存的填写内容"
            action={
              <Button
                size="mini"
                type="text"
                onClick={() => {
                  form.resetFields();
                  dropDraft();
                  setRestored(false);
                }}
                data-testid="customer-draft-clear"
              >
                清空
              </Button>
            }
            data-testid="customer-draft-note"
          />
        )}
        <Form
          form={form}
          id="customer"
          data-testid="customer-form"
          layout="horizontal"
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 16 }}
          autoComplete="off"
          initialValues={{ tags: [], districtIds: [], circleIds: [], ...draft }}
          onChange={(changed, values) => {
            clearDependents(form, fields, changed, values);
            keepDraft();
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
