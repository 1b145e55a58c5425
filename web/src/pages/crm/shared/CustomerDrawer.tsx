import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tabs, Tag } from '@arco-design/web-react';
import { IconEdit, IconEye, IconPlus } from '@arco-design/web-react/icon';
import { customerApi, type CustomerDetail, type CustomerFollowUp, type CustomerFollowUpAdd } from '../../../api/crm/customer';
import { useRead, useReveal } from '../../../api/useRead';
import { enumText } from '../../../components/enums';
import { coreFields, today } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { useEscToClose } from '../../../components/form/useEscToClose';
import { Permission } from '../../../components/Permission';
import { dateTime, orDash } from '../../org/shared/format';
import { CustomerFormDrawer } from './CustomerFormDrawer';
import { CustomerMatches } from './CustomerMatches';
import { CustomerViewings } from './CustomerViewings';
import { addressed, areaText, budgetText, CUSTOMER_ROUTE, CustomerStatusTag, LevelStars, NextFollowUp } from './customerText';
import { isReasoned, moveLabel, moveNeeds, ReasonModal, takeMove, TransferModal } from './customerMoves';
import { StatusHistory } from '../../../components/detail/StatusHistory';

function FollowUpTab({ customer }: { customer: CustomerDetail }) {
  const [adding, setAdding] = useState(false);
  const followUps = useRead(() => customerApi.followUps(customer.id));
  const fields = coreFields('customerFollowUp', {
    nextAt: { placeholder: `不早于${today()}` },
  });
  return (
    <div data-testid="customer-follow-ups">
      {customer.mayFollowUp && (
        <Permission action="followUp" route={CUSTOMER_ROUTE}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="follow-up-add">
            写跟进
          </Button>
        </Permission>
      )}
      <Table<CustomerFollowUp>
        rowKey="id"
        data={followUps.data?.list ?? []}
        loading={followUps.loading}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<Empty description="暂无跟进" />}
        scroll={{ x: 560 }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 140, render: dateTime },
          { title: '方式', dataIndex: 'way', width: 60, render: (way: number) => enumText('followUpWay', way) },
          { title: '跟进人', dataIndex: 'userName', width: 80, render: orDash },
          { title: '内容', dataIndex: 'content' },
          { title: '下次跟进', dataIndex: 'nextOn', width: 100, render: orDash },
        ]}
      />
      <FormModal<Omit<CustomerFollowUpAdd, 'customerId'>>
        title={`写跟进 · ${customer.name}`}
        visible={adding}
        fields={fields}
        initialValues={{ way: 1 }}
        onSubmit={(values) => customerApi.addFollowUp({ ...values, customerId: customer.id })}
        onClose={() => setAdding(false)}
        successText="跟进已保存"
        testId="follow-up-form"
      />
    </div>
  );
}

type LeadOrigin = CustomerDetail['clues'][number];

/** The leads a customer was converted from (转为客户), each with its own history: where the
 * customer came from and who worked it before it became a customer. */
function Origins({ clues }: { clues: LeadOrigin[] }) {
  if (clues.length === 0) return null;
  return (
    <div data-testid="customer-origins" style={{ marginTop: 16 }}>
      {clues.map((clue) => (
        <div key={clue.id} style={{ marginBottom: 12 }}>
          <div style={{ fontWeight: 500, margin: '8px 0' }}>
            来源线索：{clue.name}（线索编号{clue.id}，{enumText('clueSource', clue.source)}
            {clue.channel ? ` · ${clue.channel}` : ''}，录入于{dateTime(clue.createdAt)}）
          </div>
          {clue.remark && <div style={{ color: 'var(--color-text-2)', marginBottom: 8 }}>线索备注：{clue.remark}</div>}
          <StatusHistory
            history={clue.history}
            testId={`customer-origin-${clue.id}`}
            statusText={(status) => enumText('clueStatus', status)}
          />
        </div>
      ))}
    </div>
  );
}

function BasicTab({ customer }: { customer: CustomerDetail }) {
  const [revealed, setRevealed] = useState(false);
  // Each reveal is on file: asked once per click, never again on its own.
  const phones = useReveal(() => (revealed ? customerApi.revealPhone(customer.id) : Promise.resolve(null)), revealed);
  const phone = (revealed && phones.data?.phone) || customer.phone;
  const phone2 = (revealed && phones.data?.phone2) || customer.phone2;
  const names = (list: string[]) => (list.length > 0 ? list.join('、') : '不限');
  return (
    <>
      {customer.dropNotice && <Alert type="warning" content={customer.dropNotice} style={{ marginBottom: 12 }} />}
      <div data-testid="customer-basic">
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        colon="："
        labelStyle={{ whiteSpace: 'nowrap' }}
        data={[
          { label: '客户编号', value: customer.id },
          { label: '客户', value: addressed(customer) },
          {
            label: '联系电话',
            value: (
              <Space size={4}>
                <span data-testid="customer-phone">{phone}</span>
                {customer.phoneAccess === 'reveal' && !revealed && (
                  <Permission action="viewPhone" route={CUSTOMER_ROUTE}>
                    <Button size="mini" icon={<IconEye />} onClick={() => setRevealed(true)} data-testid="customer-phone-reveal">
                      查看电话
                    </Button>
                  </Permission>
                )}
              </Space>
            ),
          },
          { label: '备用电话', value: orDash(phone2) },
          { label: '客户等级', value: <LevelStars level={customer.level} /> },
          { label: '需求类型', value: enumText('customerDemand', customer.demand) },
          { label: '预算', value: budgetText(customer) },
          { label: '面积', value: areaText(customer) },
          { label: '意向区域', value: names(customer.districtNames) },
          { label: '意向商圈', value: names(customer.circleNames) },
          { label: '意向户型', value: enumText('roomCount', customer.rooms) },
          { label: '客户来源', value: enumText('customerSource', customer.source) },
          {
            label: '客户标签',
            value:
              customer.tags.length > 0 ? (
                <Space size={4} wrap>
                  {customer.tags.map((tag) => (
                    <Tag key={tag} size="small" color="arcoblue">
                      {enumText('customerTag', tag)}
                    </Tag>
                  ))}
                </Space>
              ) : (
                '—'
              ),
          },
          { label: '状态', value: <CustomerStatusTag status={customer.status} pool={customer.pool} /> },
          { label: '经纪人', value: orDash(customer.ownerName) },
          { label: '所属门店', value: orDash(customer.storeName) },
          { label: '下次跟进', value: <NextFollowUp on={customer.nextFollowUpOn} due={customer.followUpDue} /> },
          { label: '最近跟进', value: dateTime(customer.lastFollowUpAt) },
          { label: '录入人', value: orDash(customer.enteredByName) },
          { label: '录入时间', value: dateTime(customer.createdAt) },
          { label: '备注', value: orDash(customer.remark), span: 2 },
        ]}
      />
      </div>
    </>
  );
}

/**
 * One customer in a drawer opened from the list (its name) or the home page's reminder: the
 * moves core's pool table offers this caller, 编辑, and the tabs 基本信息, 跟进记录 and 状态历史.
 */
export function CustomerDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useRead(() => customerApi.detail(id));
  // A customer that cannot be shown (gone, or out of reach: the request has said so) closes
  // its drawer, so the list stays in view.
  const failed = detail.error !== null;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const [tab, setTab] = useState('basic');
  const [editing, setEditing] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [reasoning, setReasoning] = useState<string | undefined>();
  const customer = detail.data;
  // Opened, the keyboard starts at the customer, not on its first move (转公客 is one Enter away
  // from a customer just entered): the drawer's body takes focus once, when it first shows.
  const body = useRef<HTMLDivElement>(null);
  const loaded = customer !== undefined && customer !== null;
  useEffect(() => {
    if (loaded) body.current?.focus({ preventScroll: true });
  }, [loaded]);
  // Esc closes the topmost layer only: 写跟进 or 编辑 over the drawer closes, the drawer stays.
  const layer = useEscToClose(true, onClose);

  const take = (action: string) => {
    if (!customer) return;
    if (action === 'transfer') setTransferring(true);
    else if (isReasoned(action)) setReasoning(action);
    else takeMove(customer.id, customer.name, action);
  };

  const actions = customer && (
    <Space wrap size={8}>
      {customer.offeredActions.map((action) => {
        const button = (
          <Button
            key={action}
            size="small"
            type={action === 'claim' ? 'primary' : 'secondary'}
            status={action === 'invalidate' ? 'danger' : undefined}
            onClick={() => take(action)}
            data-testid={`customer-action-${action}`}
          >
            {moveLabel(action)}
          </Button>
        );
        const needs = moveNeeds(action);
        return needs ? (
          <Permission key={action} action={needs} route={CUSTOMER_ROUTE}>
            {button}
          </Permission>
        ) : (
          button
        );
      })}
      {customer.mayEdit && (
        <Permission action="edit" route={CUSTOMER_ROUTE}>
          <Button size="small" icon={<IconEdit />} onClick={() => setEditing(true)} data-testid="customer-edit">
            编辑
          </Button>
        </Permission>
      )}
    </Space>
  );

  return (
    <Drawer
      width="min(760px, 100vw)"
      title={
        customer ? (
          <Space size={8} wrap>
            <span>{addressed(customer)}</span>
            <CustomerStatusTag status={customer.status} pool={customer.pool} />
          </Space>
        ) : (
          '客户详情'
        )
      }
      visible
      footer={null}
      onCancel={onClose}
      escToExit={false}
      wrapClassName={layer}
      unmountOnExit
      // Arco's own focus-on-open is turned off: after a save focus goes to the drawer's body.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={false}
    >
      {!customer ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <div data-testid="customer-drawer" ref={body} tabIndex={-1} style={{ outline: 'none' }} aria-label={`客户 ${addressed(customer)}`}>
          <div style={{ marginBottom: 12 }}>{actions}</div>
          <Tabs activeTab={tab} onChange={setTab} lazyload destroyOnHide={false} data-testid="customer-tabs">
            <Tabs.TabPane key="basic" title="基本信息">
              <BasicTab customer={customer} />
            </Tabs.TabPane>
            <Tabs.TabPane key="followUps" title="跟进记录">
              <FollowUpTab customer={customer} />
            </Tabs.TabPane>
            <Tabs.TabPane key="viewings" title="带看记录">
              <CustomerViewings customerId={customer.id} demand={customer.demand} />
            </Tabs.TabPane>
            <Tabs.TabPane key="matches" title="匹配房源">
              <CustomerMatches customerId={customer.id} />
            </Tabs.TabPane>
            <Tabs.TabPane key="history" title="状态历史">
              <StatusHistory history={customer.history} testId="customer-history" />
              <Origins clues={customer.clues} />
            </Tabs.TabPane>
          </Tabs>
          {editing && <CustomerFormDrawer customer={customer} onClose={() => setEditing(false)} />}
          {transferring && <TransferModal customer={customer} onClose={() => setTransferring(false)} />}
          {reasoning && <ReasonModal customer={customer} action={reasoning} onClose={() => setReasoning(undefined)} />}
        </div>
      )}
    </Drawer>
  );
}
