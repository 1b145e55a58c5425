import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Input, Message, Modal, Space, Table, Tag } from '@arco-design/web-react';
import { dealDoneMessage, formatPhone } from '@core/wasm';
import { dealApi, type DealOrder, type DealShare } from '../../../api/business/newHouse';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { isRecordId } from '../../../components/detail/recordId';
import { Empty } from '../../../components/Empty';
import { enumText } from '../../../components/enums';
import { Permission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { areaText, shareText, yuanText } from '../shared/dealText';
import { StatusHistory } from '../../../components/detail/StatusHistory';

const NOT_FOUND = new Error('数据不存在或已被删除');
const STATUS_COLORS: Record<number, string> = { 5: 'orange', 1: 'arcoblue', 2: 'cyan', 3: 'green', 4: 'gray' };

/**
 * 成交详情 (/work/business/newHouse/dealDetail/:id): the deal declared on a visited report, its
 * performance split with each part in 元, its commission orders and its status history; a
 * reviewer approves the split (业绩审核) or closes the deal, the declarer changes it while it
 * waits for review.
 */
export default function NewHouseDealDetailPage({ route }: PageProps) {
  const raw = useParams().id;
  const valid = isRecordId(raw);
  const id = Number(raw);
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const { data: deal, error, reload } = useRead(() => (valid ? dealApi.detail(id) : Promise.reject(NOT_FOUND)), id);
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');
  const editPath = deal && relatedPath(table, route, 'newHouse/editDeal', deal.reportId);

  const approve = () =>
    Modal.confirm({
      title: '业绩审核通过',
      content: '通过后业绩分配不能再修改，并生成佣金单待结佣。',
      onOk: async () => {
        // A refusal (another reviewer was first, or it is the caller's own deal) has toasted.
        await dealApi.move(id, 'approve');
        Message.success(dealDoneMessage('approve'));
        reload();
      },
    });
  const close = async () => {
    await dealApi.move(id, 'close', reason);
    Message.success(dealDoneMessage('close'));
    setClosing(false);
    reload();
  };

  return (
    <DetailPage
      testId="deal-detail"
      title={deal ? `${deal.projectName} ${deal.unit}` : route.meta.title}
      badges={deal && <Tag color={STATUS_COLORS[deal.status]} data-testid="deal-status">{deal.statusLabel}</Tag>}
      loading={!deal}
      error={valid ? error : NOT_FOUND}
      subject={deal?.unit}
      extra={
        deal && (
          <Space>
            {deal.mayEdit && editPath && (
              <Button onClick={() => nav.push(editPath)} data-testid="deal-edit">
                修改申报
              </Button>
            )}
            {deal.offeredActions.includes('approve') && (
              <Permission action="review">
                <Button type="primary" onClick={approve} data-testid="deal-approve">
                  {enumText('dealAction', 'approve')}
                </Button>
              </Permission>
            )}
            {deal.offeredActions.includes('close') && (
              <Permission action="review">
                <Button status="danger" onClick={() => setClosing(true)} data-testid="deal-close">
                  {enumText('dealAction', 'close')}
                </Button>
              </Permission>
            )}
          </Space>
        )
      }
    >
      {deal && (
        <>
          <DetailSection
            title="成交信息"
            items={[
              { label: '楼盘', value: deal.projectName },
              { label: '房号', value: deal.unit },
              { label: '建筑面积', value: areaText(deal.area) },
              { label: '成交总价', value: yuanText(deal.price) },
              { label: '应收佣金', value: <span data-testid="deal-commission">{yuanText(deal.commission)}</span> },
              { label: '已收佣金', value: yuanText(deal.paid) },
              { label: '成交日期', value: deal.dealDate },
              { label: '客户', value: `${deal.customerName} ${formatPhone(deal.customerPhone)}` },
              { label: '申报人', value: `${deal.declarerName}${deal.storeName ? `（${deal.storeName}）` : ''}` },
              { label: '申报时间', value: dateTime(deal.createdAt) },
            ]}
          />
          <DetailSection title="业绩分配">
            <Table<DealShare>
              data-testid="deal-shares"
              rowKey={(share) => `${share.kind}-${share.userId ?? 'project'}`}
              pagination={false}
              data={deal.shares}
              noDataElement={<Empty />}
              columns={[
                { title: '业绩类型', dataIndex: 'kindLabel' },
                { title: '员工', render: (_: unknown, s: DealShare) => orDash(s.userName || '项目方') },
                { title: '门店', dataIndex: 'storeName', render: orDash },
                { title: '比例', dataIndex: 'bp', render: (bp: number) => shareText(bp) },
                { title: '金额', dataIndex: 'amount', render: (fen: number) => yuanText(fen) },
                { title: '计入业绩', dataIndex: 'settledAt', render: (at: number | null) => (at ? dateTime(at) : '结佣后计入') },
              ]}
            />
          </DetailSection>
          <DetailSection title="佣金单">
            <Table<DealOrder>
              data-testid="deal-orders"
              rowKey="id"
              pagination={false}
              data={deal.orders}
              noDataElement={<Empty description="业绩审核通过后生成佣金单" />}
              columns={[
                { title: '佣金单号', dataIndex: 'code' },
                { title: '应收', dataIndex: 'receivable', render: (fen: number) => yuanText(fen) },
                { title: '已收', dataIndex: 'paid', render: (fen: number) => yuanText(fen) },
                { title: '状态', dataIndex: 'status', render: (status: number) => enumText('orderStatus', status) },
                { title: '说明', dataIndex: 'reason', render: orDash },
                { title: '结清时间', dataIndex: 'settledAt', render: (at: number | null) => (at ? dateTime(at) : '—') },
              ]}
            />
          </DetailSection>
          <DetailSection title="状态记录">
            <StatusHistory history={deal.history} testId="deal-history" />
          </DetailSection>
        </>
      )}
      <Modal
        title="关闭成交"
        visible={closing}
        onOk={close}
        onCancel={() => setClosing(false)}
        okButtonProps={{ status: 'danger', 'data-testid': 'deal-close-submit' } as object}
        unmountOnExit
      >
        <Input.TextArea
          placeholder="关闭原因（如：客户退房）"
          maxLength={200}
          value={reason}
          onChange={setReason}
          data-testid="deal-close-reason"
        />
      </Modal>
    </DetailPage>
  );
}
