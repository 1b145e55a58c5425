import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Grid, Input, Message, Select, Space, Spin, Table, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import {
  dealBpText,
  dealPercentToBp,
  dealSignableListingStates,
  dealSplitAmounts,
  dealYuanToFen,
  houseFenToYuan,
} from '@core/wasm';
import {
  contractApi,
  type ContractDetail,
  type ContractForm,
  type DealPerson,
  type SplitView,
} from '../../../api/business/deal';
import { isApiFailure, type ApiFailure } from '../../../api/client';
import { customerApi, type CustomerRow } from '../../../api/crm/customer';
import type { ListingRow } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { coreFields } from '../../../components/form/coreForm';
import { DraftNotice, Restartable } from '../../../components/form/DraftNotice';
import { useFormDraft } from '../../../components/form/useFormDraft';
import { clearDependents, FormField, type FieldSpec } from '../../../components/form/fields';
import { placeFailure, validated } from '../../../components/form/placeFailure';
import { enumOptions } from '../../../components/enums';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useTabsStore } from '../../../stores/tabs';
import type { PageProps } from '../../registry';
import { contractKindOf, shareText, yuanText, type ContractKind } from '../shared/deal';

type Values = Omit<ContractForm, 'splits'>;

/** `李晓峰（滨江店）`: a person as the form's pickers name them. */
const personLabel = (name: string, storeName?: string | null) => (storeName ? `${name}（${storeName}）` : name);

/** One line of the split as the editor holds it: the share as typed, in percent. */
interface Line {
  key: number;
  role?: number;
  userId?: number;
  /** The person's name and store as the server gave them, for someone outside the form's people list. */
  name?: string;
  storeName?: string;
  percent: string;
}

let nextKey = 1;
const lineOf = (split: Pick<SplitView, 'role' | 'userId' | 'userName' | 'storeName' | 'shareBp'>): Line => ({
  key: nextKey++,
  role: split.role,
  userId: split.userId,
  name: split.userName,
  storeName: split.storeName,
  percent: dealBpText(split.shareBp),
});

/** A stored contract as the form shows it again: 万 or 元 as typed. */
function formValues(contract: ContractDetail, kind: ContractKind): Partial<Values> {
  return {
    code: contract.code,
    listingId: contract.listingId ?? undefined,
    address: contract.address,
    ownerName: contract.ownerName,
    ownerPhone: contract.ownerPhone,
    customerName: contract.customerName,
    customerPhone: contract.customerPhone,
    customerId: contract.customerId ?? undefined,
    price: kind.priceInput(contract.price),
    leaseMonths: contract.leaseMonths ?? undefined,
    deposit: contract.deposit ? houseFenToYuan(contract.deposit) : '',
    ownerCommission: houseFenToYuan(contract.ownerCommission),
    customerCommission: houseFenToYuan(contract.customerCommission),
    agentId: contract.agentId,
    customerSourceId: contract.customerSourceId,
    signedOn: contract.signedOn ?? undefined,
    paymentSchedule: contract.paymentSchedule,
    attachments: contract.attachments,
    remark: contract.remark,
  };
}

/** A customer as the linked-customer picker names them. */
interface LinkedCustomer {
  id: number;
  name: string;
  phone: string;
}

/**
 * What an unsaved new contract keeps in this tab (sessionStorage): the fields as typed, the split
 * lines, whether they were changed by hand, and the linked customer the picker names.
 */
interface Draft {
  values: Partial<Values>;
  lines: Line[];
  touched: boolean;
  customer?: LinkedCustomer;
}

/** A draft worth taking up: its fields and its lines as stored. */
const wholeDraft = (found: Draft) => Boolean(found.values) && Array.isArray(found.lines);

/** The commission of both sides in fen, as the form holds them in 元. */
const commissionFen = (values: Partial<Values>) =>
  (dealYuanToFen(String(values.ownerCommission ?? '')) ?? 0) + (dealYuanToFen(String(values.customerCommission ?? '')) ?? 0);

/** A phone as the server shows it (`138 1234 5678`) as the form takes it: digits. */
const phoneDigits = (phone: string) => phone.replace(/[\s-]/g, '');

/** What the 业主电话 field says when the listing's owner phone is not the caller's to see. */
const OWNER_PHONE_HIDDEN = '您无权查看该房源的业主电话，请向房源维护人索取后填写';

/** `西湖家园 3幢2单元1502 · 维护人 李晓峰`. */
const listingLabel = (row: ListingRow) =>
  [`${row.communityName} ${row.roomLabel}`, row.maintainerName ? `维护人 ${row.maintainerName}` : ''].filter(Boolean).join(' · ');

/**
 * The listings a contract of `kind` may be written on: those the caller reads in a state core's
 * signing rule allows (valid or reserved, private pool), so none is offered that 签约 would refuse.
 */
function useListingChoices(kind: ContractKind, current?: { id: number; address: string }) {
  const listings = useRead(async () => {
    const pages = await Promise.all(
      dealSignableListingStates(kind.code).map(({ status, pool }) =>
        kind.listings.list({ status, pool, pageNum: 1, pageSize: 100 } as never).catch(() => ({ list: [] })),
      ),
    );
    return pages.flatMap((page) => page.list);
  });
  return useMemo(() => {
    const rows = listings.data ?? [];
    const options = rows.map((row) => ({ value: row.id, label: listingLabel(row) }));
    if (current && !rows.some((row) => row.id === current.id)) options.unshift({ value: current.id, label: current.address });
    return { options, rows };
  }, [listings.data, current]);
}

/** `吴客户 · 13755550002`: a customer as the picker offers them (the phone as the caller sees it). */
const customerLabel = (row: Pick<CustomerRow, 'name' | 'phone'>) => [row.name, row.phone].filter(Boolean).join(' · ');

/**
 * The customers a contract may be linked to: the caller's customers in scope found by name or
 * phone as typed (the server's keyword), and the one already linked.
 */
function useCustomerChoices(current?: LinkedCustomer) {
  const [keyword, setKeyword] = useState('');
  const found = useRead(
    () => customerApi.list({ keyword: keyword.trim() || undefined, pageNum: 1, pageSize: 20 } as never).catch(() => ({ list: [] as CustomerRow[] })),
    ['contract-customers', keyword],
    true,
  );
  return useMemo(() => {
    const rows: CustomerRow[] = found.data?.list ?? [];
    const options = rows.map((row) => ({ value: row.id, label: customerLabel(row) }));
    if (current && !rows.some((row) => row.id === current.id)) options.unshift({ value: current.id, label: customerLabel(current) });
    return { options, rows, search: setKeyword };
  }, [found.data, current]);
}

/**
 * The split editor: lines of role, person and share; each part in 元 as core divides it, and
 * core's message when the shares do not total 100%.
 */
function SplitEditor({
  lines,
  onChange,
  totalFen,
  people,
  error,
  onRefill,
  refilling,
}: {
  lines: Line[];
  onChange: (lines: Line[]) => void;
  totalFen: number;
  people: DealPerson[];
  error?: string;
  onRefill: () => void;
  refilling: boolean;
}) {
  const split = dealSplitAmounts(
    totalFen,
    lines.map((line) => ({ role: line.role ?? 0, userId: line.userId ?? 0, shareBp: dealPercentToBp(line.percent) ?? -1 })),
  );
  const sharesTotal = lines.reduce((sum, line) => sum + (dealPercentToBp(line.percent) ?? 0), 0);
  const shown = error ?? split.error;
  const update = (key: number, change: Partial<Line>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const personOptions = [
    ...people.map((person) => ({ value: person.id, label: personLabel(person.name, person.storeName) })),
    // A listing's role holder of another store, named by the server with their store.
    ...lines
      .filter((line) => line.userId !== undefined && line.name && !people.some((person) => person.id === line.userId))
      .map((line) => ({ value: line.userId as number, label: personLabel(line.name as string, line.storeName) })),
  ].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);
  return (
    <Card
      title="业绩分配（ACN）"
      bordered={false}
      extra={
        <Space>
          <Button size="small" icon={<IconRefresh />} loading={refilling} onClick={onRefill} data-testid="split-refill">
            按模板重新分配
          </Button>
          <Button
            size="small"
            icon={<IconPlus />}
            onClick={() => onChange([...lines, { key: nextKey++, percent: '0' }])}
            data-testid="split-add"
          >
            添加一行
          </Button>
        </Space>
      }
      data-testid="split-editor"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        按公司分佣模板和房源角色人自动填充；可调整人员和比例，合计须为100%，金额按比例分到分，尾差按最大余数分配。
      </Typography.Paragraph>
      <Table<Line>
        rowKey="key"
        data={lines}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<span>暂无分佣</span>}
        columns={[
          {
            title: '角色',
            dataIndex: 'role',
            width: 130,
            render: (role: number | undefined, line: Line, index: number) => (
              <Select
                value={role}
                options={enumOptions('dealRole')}
                placeholder="请选择角色"
                onChange={(value: number) => update(line.key, { role: value })}
                data-testid={`split-role-${index}`}
              />
            ),
          },
          {
            title: '人员',
            dataIndex: 'userId',
            width: 200,
            render: (userId: number | undefined, line: Line, index: number) => (
              <Select
                value={userId}
                options={personOptions}
                placeholder="请选择人员"
                showSearch
                filterOption={(input, option) =>
                  String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
                }
                onChange={(value: number) => update(line.key, { userId: value })}
                data-testid={`split-person-${index}`}
              />
            ),
          },
          {
            title: '比例(%)',
            dataIndex: 'percent',
            width: 120,
            render: (percent: string, line: Line, index: number) => (
              <Input
                value={percent}
                onChange={(value) => update(line.key, { percent: value })}
                status={dealPercentToBp(percent) === undefined ? 'error' : undefined}
                suffix="%"
                aria-label="比例"
                data-testid={`split-share-${index}`}
              />
            ),
          },
          {
            title: '金额',
            dataIndex: 'amount',
            render: (_: unknown, _line: Line, index: number) => (
              <span data-testid={`split-amount-${index}`}>{split.error ? '—' : yuanText(split.amounts[index])}</span>
            ),
          },
          {
            title: '',
            dataIndex: '__remove',
            width: 50,
            render: (_: unknown, line: Line) => (
              <Button
                type="text"
                status="danger"
                icon={<IconDelete />}
                aria-label="删除该行"
                onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
              />
            ),
          },
        ]}
      />
      <div style={{ marginTop: 8 }} data-testid="split-total">
        比例合计 {shareText(sharesTotal)}，佣金合计 {yuanText(totalFen)}
      </div>
      {shown && <Alert type="error" content={shown} style={{ marginTop: 8 }} data-testid="split-error" />}
    </Card>
  );
}

/**
 * 编辑买卖合同 (/work/business/dealContract/edit/:id) and 编辑租赁合同 (…/leaseContract/edit/:id);
 * `new` writes one (草签): core's form of the kind, and the ACN split filled from the company's
 * template and the listing's role holders, always totalling 100%.
 */
export default function ContractEditPage(props: PageProps) {
  return <Restartable>{(restart) => <ContractEdit {...props} restart={restart} />}</Restartable>;
}

function ContractEdit({ route, restart }: PageProps & { restart: () => void }) {
  const kind = contractKindOf(route);
  const param = useParams().id ?? 'new';
  const isNew = param === 'new';
  const id = Number(param);
  const nav = useNav();
  const { pathname } = useLocation();
  const closeTab = useTabsStore((state) => state.close);
  const table = useMenuStore((state) => state.routeTable);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [contract, setContract] = useState<ContractDetail | undefined>();
  // A new contract's unsaved draft in this tab: taken up after a reload, dropped on save or cancel.
  const kept = useFormDraft<Draft>(isNew ? pathname : undefined, wholeDraft);
  const draft = kept.restored;
  const [lines, setLines] = useState<Line[]>(() => (draft?.lines ?? []).map((line) => ({ ...line, key: nextKey++ })));
  const [splitError, setSplitError] = useState<string | undefined>();
  const [refilling, setRefilling] = useState(false);
  // Lines the user changed by hand are kept when the listing or commission changes.
  const touched = useRef(draft?.touched ?? !isNew);
  const [totalFen, setTotalFen] = useState(() => (draft ? commissionFen(draft.values) : 0));
  // Why the owner's phone was not filled from the listing (the caller may not see it).
  const [ownerPhoneHint, setOwnerPhoneHint] = useState<string | undefined>();
  // The phone the listing filled in, so choosing another listing does not keep the first owner's.
  const filledPhone = useRef<string | undefined>(undefined);
  // The lines and linked customer as they stand, for the draft written from event handlers.
  const linesNow = useRef(lines);
  useEffect(() => {
    linesNow.current = lines;
  }, [lines]);
  const customerNow = useRef<LinkedCustomer | undefined>(draft?.customer);
  const people = useRead(() => contractApi.people());
  const current = useMemo(
    () => (contract?.listingId != null ? { id: contract.listingId, address: contract.address } : undefined),
    [contract],
  );
  const listings = useListingChoices(kind, current);
  const linked = useMemo(
    () =>
      contract?.customerId != null
        ? { id: contract.customerId, name: contract.customerName, phone: contract.customerPhone }
        : draft?.customer,
    [contract, draft],
  );
  const customers = useCustomerChoices(linked);

  useEffect(() => {
    if (isNew) return;
    void contractApi
      .detail(id)
      .then((found) => {
        setContract(found);
        form.setFieldsValue(formValues(found, kind));
        setLines(found.splits.map(lineOf));
        setTotalFen(found.commission);
      })
      .catch(() => undefined);
  }, [id, isNew, form, kind]);

  /** Keeps the new form as it stands (and `next` lines, when just set) for a reload. */
  const keep = kept.keep;
  const keepDraft = useCallback(
    (next?: Line[]) =>
      keep({
        values: form.getFieldsValue() as Partial<Values>,
        lines: next ?? linesNow.current,
        touched: touched.current,
        customer: customerNow.current,
      }),
    [keep, form],
  );
  const dropDraft = kept.drop;

  /** The split `add` would write for the form as it stands, from the server (core's fill). */
  const refill = useCallback(async () => {
    const values = form.getFieldsValue() as Partial<Values>;
    const result = await contractApi
      .split({
        kind: kind.code,
        listingId: values.listingId ?? undefined,
        agentId: values.agentId ?? undefined,
        customerSourceId: values.customerSourceId ?? undefined,
        customerId: values.customerId ?? undefined,
        ownerCommission: String(values.ownerCommission ?? ''),
        customerCommission: String(values.customerCommission ?? ''),
      })
      .catch(() => undefined);
    if (result === undefined || isApiFailure(result)) return;
    touched.current = false;
    setSplitError(undefined);
    const next = result.map(lineOf);
    setLines(next);
    keepDraft(next);
  }, [form, kind, keepDraft]);

  const refillNow = async () => {
    setRefilling(true);
    await refill();
    setRefilling(false);
  };

  // A new contract starts from the template: every role to the caller until a listing is chosen
  // (a draft restored after a reload keeps its own lines).
  useEffect(() => {
    if (!isNew) return;
    void contractApi
      .split({ kind: kind.code })
      .then((result) => {
        if (!isApiFailure(result) && !draft) setLines(result.map(lineOf));
      })
      .catch(() => undefined);
  }, [isNew, kind, draft]);

  /**
   * The listing's owner as the parties' 业主: the name, and the phone as the server's rules let
   * the caller see it — whole for the listing's maintainer, revealed (and recorded, as 查看电话
   * is) for a holder of 查看电话, and not at all for anyone else, who is told to ask.
   */
  const fillOwner = async (row: ListingRow) => {
    if (row.ownerName) form.setFieldValue('ownerName', row.ownerName);
    setOwnerPhoneHint(undefined);
    let phone: string | undefined;
    if (row.phoneAccess === 'full') phone = phoneDigits(row.ownerPhone);
    else if (row.phoneAccess === 'reveal') {
      const whole = await kind.listings.revealPhone(row.id).catch(() => undefined);
      // Another listing chosen meanwhile has the field now.
      if (form.getFieldValue('listingId') !== row.id) return;
      if (whole && !isApiFailure(whole)) phone = phoneDigits(whole.ownerPhone);
    }
    const current = form.getFieldValue('ownerPhone') as string | undefined;
    if (phone) form.setFieldValue('ownerPhone', phone);
    else {
      // Never the previous listing's owner's phone beside this owner's name.
      if (current && current === filledPhone.current) form.setFieldValue('ownerPhone', '');
      setOwnerPhoneHint(OWNER_PHONE_HIDDEN);
    }
    filledPhone.current = phone;
    keepDraft();
  };

  const fields: FieldSpec[] = coreFields(kind.form, {
    listingId: {
      options: listings.options,
      placeholder: kind.code === 1 ? '选择可签约的二手房源（私盘，有效或已预定）' : '选择可签约的租房房源，或只填房屋地址',
    },
    agentId: { options: (people.data ?? []).map((p) => ({ value: p.id, label: personLabel(p.name, p.storeName) })), placeholder: '默认为本人' },
    customerSourceId: {
      options: (people.data ?? []).map((p) => ({ value: p.id, label: personLabel(p.name, p.storeName) })),
      placeholder: '默认为关联客户的维护人，否则为成交人',
    },
    customerId: {
      options: customers.options,
      onSearch: customers.search,
      placeholder: '按姓名或电话查找我的客户；系统外的客户可不选，直接填写姓名电话',
    },
    ...(ownerPhoneHint ? { ownerPhone: { extra: <span data-testid="owner-phone-hint">{ownerPhoneHint}</span> } } : {}),
  });

  const onValuesChange = (changed: Partial<Values>, values: Partial<Values>) => {
    clearDependents(form, fields, changed, values);
    setTotalFen(commissionFen(values));
    // A lease's address follows its rental, as the server will take it; the owner is the
    // listing's.
    if (changed.listingId !== undefined) {
      const row = listings.rows.find((r) => r.id === changed.listingId);
      if (row && kind.code === 2) form.setFieldValue('address', `${row.communityName} ${row.roomLabel}`);
      if (row) void fillOwner(row);
    }
    // A linked customer fills the parties' name and the phone when the caller sees it whole.
    if (changed.customerId != null) {
      const row = customers.rows.find((r) => r.id === changed.customerId);
      if (row) {
        form.setFieldValue('customerName', row.name);
        // The list shows a whole phone spaced for reading (137 2000 6173); the form takes digits.
        if (row.phoneAccess === 'full') form.setFieldValue('customerPhone', phoneDigits(row.phone));
        customerNow.current = { id: row.id, name: row.name, phone: row.phone };
      }
    }
    const splitInputs = ['listingId', 'agentId', 'customerSourceId', 'customerId'];
    if (!touched.current && Object.keys(changed).some((name) => splitInputs.includes(name))) void refill();
    keepDraft();
  };

  const changeLines = (next: Line[]) => {
    touched.current = true;
    setSplitError(undefined);
    setLines(next);
    keepDraft(next);
  };

  const cancel = () => {
    dropDraft();
    window.history.back();
  };

  const save = async () => {
    const values = await validated(form, fields);
    if (!values) return;
    const splits = lines.map((line) => ({
      role: line.role ?? 0,
      userId: line.userId ?? 0,
      shareBp: dealPercentToBp(line.percent) ?? -1,
    }));
    // Core's check before sending: the shares total 100% and every line names someone.
    const check = dealSplitAmounts(commissionFen(values), splits);
    if (check.error) {
      setSplitError(check.error);
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, splits } as ContractForm;
      const result = isNew ? await contractApi.add(kind.code, body) : await contractApi.edit(id, body);
      if (isApiFailure(result)) {
        const failure: ApiFailure = result;
        const onSplit = failure.errors?.splits?.[0];
        if (onSplit) setSplitError(onSplit);
        else placeFailure(form, fields, failure);
        return;
      }
      dropDraft();
      Message.success(isNew ? `${kind.name}已保存为草签` : `${kind.name}已保存`);
      const detail = relatedPath(table, route, `${kind.family}/detail`, result.id);
      if (detail) {
        nav.replace(detail);
        // The detail's tab takes the place of this page's: no stale 编辑 tab is left beside it.
        closeTab(pathname);
      }
    } catch {
      // the request client has shown what went wrong
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && !contract) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid={`${kind.family}-edit`}>
      <Card title={isNew ? `新增${kind.name}` : `编辑${kind.name} · ${contract?.code ?? ''}`} bordered={false}>
        <DraftNotice
          shown={kept.noticed}
          onDiscard={() => {
            dropDraft();
            restart();
          }}
        />
        <Form
          form={form}
          initialValues={draft?.values}
          id={kind.family}
          labelCol={{ span: 8 }}
          wrapperCol={{ span: 16 }}
          autoComplete="off"
          onValuesChange={onValuesChange}
        >
          <Grid.Row gutter={16}>
            {fields.map((spec) => (
              <Grid.Col key={spec.field} xs={24} md={spec.kind === 'textarea' ? 24 : 12} lg={spec.kind === 'textarea' ? 24 : 8}>
                <FormField spec={spec} />
              </Grid.Col>
            ))}
          </Grid.Row>
        </Form>
      </Card>
      <SplitEditor
        lines={lines}
        onChange={changeLines}
        totalFen={totalFen}
        people={people.data ?? []}
        error={splitError}
        onRefill={() => void refillNow()}
        refilling={refilling}
      />
      <Space>
        <Button onClick={cancel} data-testid="form-cancel">
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="form-submit">
          保存
        </Button>
      </Space>
    </Space>
  );
}
