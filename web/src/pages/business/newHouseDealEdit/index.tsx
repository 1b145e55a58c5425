import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Grid, InputNumber, Message, Select, Space, Spin, Table, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { fenToYuan, formatPhone, newHomeDealSplit, type DealShareLine } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { dealApi, type DealDetail, type DealForm } from '../../../api/business/newHouse';
import { useRead } from '../../../api/useRead';
import { DetailError } from '../../../components/detail/DetailPage';
import { isRecordId } from '../../../components/detail/recordId';
import { enumOptions } from '../../../components/enums';
import { coreFields, today } from '../../../components/form/coreForm';
import { FormField } from '../../../components/form/fields';
import { placeFailure } from '../../../components/form/placeFailure';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useUserStore } from '../../../stores/user';
import type { PageProps } from '../../registry';
import { shareText, yuanText } from '../shared/dealText';

const NOT_FOUND = new Error('数据不存在或已被删除');
const DEAL_PERSON = 1;
const PROJECT_SIDE = 3;

interface Values {
  unit?: string;
  area?: string;
  price?: string;
  dealDate?: string;
}

/** A line as typed: the share in percent with up to two decimals (kept as basis points). */
interface Line {
  key: number;
  kind: number;
  userId?: number;
  percent?: number;
}

const bpOf = (percent: number | undefined) => Math.round((percent ?? 0) * 100);

/**
 * 申报成交 (/work/business/newHouse/editDeal/:id, the id of a visited report): the unit, area and
 * total price, the commission core works out from the project's rule on the deal day, and the
 * performance split by §3 type, each part shown in 元 and the 100% check from core. A deal already
 * declared and still waiting for review is changed here.
 */
export default function NewHouseDealEditPage({ route }: PageProps) {
  const raw = useParams().id;
  const valid = isRecordId(raw);
  const reportId = Number(raw);
  const first = useRead(() => (valid ? dealApi.prepare(reportId) : Promise.reject(NOT_FOUND)), reportId);
  const dealId = first.data?.report.dealId ?? undefined;
  const existing = useRead(() => (dealId ? dealApi.detail(dealId) : Promise.resolve(undefined)), dealId ?? 0);
  const me = useUserStore((state) => state.info?.userId);

  if (!valid || (first.error && !first.data)) return <DetailError error={valid ? first.error : NOT_FOUND} />;
  if (!first.data || (dealId && !existing.data)) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <DealEditor key={dealId ?? 'new'} route={route} reportId={reportId} deal={existing.data} me={Number(me) || undefined} />;
}

function DealEditor({ route, reportId, deal, me }: { route: PageProps['route']; reportId: number; deal?: DealDetail; me?: number }) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const [form] = Form.useForm<Values>();
  const dealId = deal?.id;
  // A new declaration starts with the caller as 客户成交人 at 100%; an existing one as declared.
  const [initial] = useState<Values>(() =>
    deal
      ? { unit: deal.unit, area: fenToYuan(deal.area), price: fenToYuan(deal.price), dealDate: deal.dealDate }
      : { dealDate: today() },
  );
  const [price, setPrice] = useState(initial.price ?? '');
  const [dealDate, setDealDate] = useState(initial.dealDate ?? today());
  const [lines, setAllLines] = useState<Line[]>(() =>
    deal
      ? deal.shares.map((s, key) => ({ key, kind: s.kind, userId: s.userId ?? undefined, percent: Number(fenToYuan(s.bp)) }))
      : [{ key: 0, kind: DEAL_PERSON, userId: me, percent: 100 }],
  );
  const [saving, setSaving] = useState(false);
  // The server's or the last submit's word on the split; it goes once the split is changed.
  const [splitError, setSplitError] = useState('');
  const setLines = (change: (all: Line[]) => Line[]) => {
    setSplitError('');
    setAllLines(change);
  };
  const prepared = useRead(() => dealApi.prepare(reportId, price, dealDate), [reportId, price, dealDate], true);
  const info = prepared.data;

  const commission = info?.commission ?? deal?.commission ?? 0;
  const shareLines: DealShareLine[] = lines.map((l) => ({
    kind: l.kind,
    userId: l.kind === PROJECT_SIDE ? null : (l.userId ?? null),
    bp: bpOf(l.percent),
  }));
  const preview = newHomeDealSplit(commission, shareLines);
  const people = (info?.colleagues ?? []).map((c) => ({ value: c.id, label: c.storeName ? `${c.name}（${c.storeName}）` : c.name }));
  const fields = coreFields('newHomeDeal');
  const locked = deal !== undefined && !deal.mayEdit;

  const setLine = (key: number, change: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const submit = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    if (preview.error) {
      setSplitError(preview.error);
      return;
    }
    const body: DealForm = {
      unit: values.unit ?? '',
      area: values.area ?? '',
      price: values.price ?? '',
      dealDate: values.dealDate ?? '',
      shares: shareLines,
    };
    setSaving(true);
    try {
      const result = dealId ? await dealApi.edit(dealId, body) : await dealApi.add(reportId, body);
      if (isApiFailure(result)) {
        const shares = result.errors?.shares?.[0];
        if (shares) setSplitError(shares);
        else placeFailure(form, fields, result);
        return;
      }
      Message.success(dealId ? '已保存' : '申报成功，等待业绩审核');
      const detail = relatedPath(table, route, 'newHouse/dealDetail', result.id);
      if (detail) nav.replace(detail);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-card" data-testid="deal-edit">
      <Typography.Title heading={5}>{dealId ? '修改成交申报' : '申报成交'}</Typography.Title>
      {info && (
        <Typography.Paragraph data-testid="deal-edit-report">
          {info.report.projectName} · 客户 {info.report.customerName} {formatPhone(info.report.customerPhone)} · 报备人{' '}
          {info.report.reporterName}
        </Typography.Paragraph>
      )}
      {locked && <Alert type="warning" content="成交已审核，不能再修改" style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        initialValues={initial}
        id="deal-edit-form"
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 17 }}
        autoComplete="off"
        disabled={locked}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.price !== undefined) setPrice(changed.price ?? '');
          if (changed.dealDate !== undefined) setDealDate(changed.dealDate || today());
        }}
      >
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            <Grid.Col key={spec.field} xs={24} md={12}>
              <FormField spec={spec} />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Form>
      <Card title="佣金" bordered={false}>
        <Space direction="vertical">
          <Typography.Text data-testid="deal-edit-commission">
            应收佣金：{info?.commission !== null && info?.commission !== undefined ? yuanText(info.commission) : '—'}
            {info?.ruleText && <Typography.Text type="secondary">（{info.ruleText}）</Typography.Text>}
          </Typography.Text>
          {info?.commissionMessage && <Typography.Text type="error">{info.commissionMessage}</Typography.Text>}
        </Space>
      </Card>
      <Card
        title="业绩分配"
        bordered={false}
        extra={
          <Button
            icon={<IconPlus />}
            disabled={locked}
            onClick={() => setLines((all) => [...all, { key: Date.now(), kind: 2 }])}
            data-testid="deal-edit-add-line"
          >
            添加
          </Button>
        }
      >
        <Table<Line>
          data-testid="deal-edit-shares"
          rowKey="key"
          pagination={false}
          data={lines}
          columns={[
            {
              title: '业绩类型',
              width: 150,
              render: (_: unknown, line: Line, index: number) => (
                <Select
                  value={line.kind}
                  options={enumOptions('performanceType')}
                  disabled={locked}
                  onChange={(kind: number) => setLine(line.key, { kind, userId: kind === PROJECT_SIDE ? undefined : line.userId })}
                  data-testid={`share-kind-${index}`}
                />
              ),
            },
            {
              title: '员工',
              width: 200,
              render: (_: unknown, line: Line, index: number) =>
                line.kind === PROJECT_SIDE ? (
                  '项目方'
                ) : (
                  <Select
                    value={line.userId}
                    options={people}
                    placeholder="请选择员工"
                    showSearch
                    disabled={locked}
                    onChange={(userId: number) => setLine(line.key, { userId })}
                    data-testid={`share-user-${index}`}
                  />
                ),
            },
            {
              title: '比例(%)',
              width: 140,
              render: (_: unknown, line: Line, index: number) => (
                <InputNumber
                  value={line.percent}
                  min={0}
                  max={100}
                  precision={2}
                  disabled={locked}
                  onChange={(percent?: number) => setLine(line.key, { percent })}
                  data-testid={`share-percent-${index}`}
                />
              ),
            },
            {
              title: '金额',
              width: 150,
              render: (_: unknown, _line: Line, index: number) => (
                <span data-testid={`share-amount-${index}`}>{yuanText(preview.parts[index] ?? 0)}</span>
              ),
            },
            {
              title: '',
              width: 60,
              render: (_: unknown, line: Line) => (
                <Button
                  icon={<IconDelete />}
                  size="mini"
                  disabled={locked}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  aria-label="删除"
                />
              ),
            },
          ]}
        />
        <Space style={{ marginTop: 12 }} direction="vertical">
          <Typography.Text data-testid="deal-edit-total">合计：{shareText(preview.totalBp)}</Typography.Text>
          {(preview.error || splitError) && (
            <Typography.Text type="error" data-testid="deal-edit-split-error">
              {preview.error ?? splitError}
            </Typography.Text>
          )}
        </Space>
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={locked} onClick={submit} data-testid="deal-edit-submit">
          {dealId ? '保存' : '提交申报'}
        </Button>
        <Button onClick={() => window.history.back()}>返回</Button>
      </Space>
    </div>
  );
}
