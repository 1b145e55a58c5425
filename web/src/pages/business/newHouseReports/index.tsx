import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Message, Modal, Tag, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import {
  formatPhone,
  reportAwaitingProjectSide,
  reportDeclarable,
  reportDoneMessage,
  reportNeedsReason,
  reportOfferedActions,
} from '@core/wasm';
import { reportApi, type Report, type ReportAdd, type ReportFilters } from '../../../api/business/newHouse';
import { useRead } from '../../../api/useRead';
import { enumOptions, enumText } from '../../../components/enums';
import { coreFields, today } from '../../../components/form/coreForm';
import type { FieldSpec } from '../../../components/form/fields';
import { FormModal } from '../../../components/form/FormModal';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions, type RowAction } from '../../../components/list/RowActions';
import { useListQuery } from '../../../components/list/useListQuery';
import { Permission, useGuardedClick, usePermissions } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime } from '../../org/shared/format';

const STATUS_COLORS: Record<number, string> = { 1: 'orange', 2: 'arcoblue', 3: 'red', 4: 'green', 5: 'gray', 6: 'gray' };
/** The page action each report action needs. */
const NEEDS: Record<string, string> = { approve: 'review', reject: 'review', invalidate: 'review', visit: 'visit', close: 'close' };
/** 报备审核 opens on the reports waiting for the project side (待审核 to review, 审核通过 to confirm
 *  the visit), so an approved report stays in view for its 确认到访. */
const CITY_FILTERS: ReportFilters = { statuses: Array.from(reportAwaitingProjectSide()) };

/**
 * 我要报备 (/work/business/newHouse): the caller's reports by status, 新增报备 to a distributed
 * project (the phone whole or 前三后四 as the project's rule says), 关闭, and 申报成交 on a
 * visited one. 报备审核 (/coc/newHouse/report): the same list of the city's reports, opening on
 * those waiting for the project side, where city operations approve or refuse them (with a
 * reason) and confirm the visit. The buttons are core's table for the actions the viewer holds;
 * each move ends with core's message of what it did.
 */
export default function NewHouseReportsPage({ route }: PageProps) {
  const table = useMenuStore((state) => state.routeTable);
  const nav = useNav();
  const { grants } = usePermissions();
  const guarded = useGuardedClick();
  const city = route.meta.workspace === '/coc';
  const query = useListQuery<Report, ReportFilters>(reportApi.list, city ? CITY_FILTERS : {});
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState<{ row: Report; action: string } | undefined>();
  const [reason, setReason] = useState('');
  const projects = useRead(() => (adding ? reportApi.projects() : Promise.resolve([])), adding);

  const move = async (row: Report, action: string, why = '') => {
    await reportApi.move(row.id, action, why);
    Message.success(reportDoneMessage(action));
    query.reload();
  };
  const choose = (row: Report, action: string) => {
    if (reportNeedsReason(action)) {
      setReason('');
      setAsking({ row, action });
    } else {
      Modal.confirm({
        title: `${enumText('reportAction', action)} · ${row.customerName}`,
        content: `${row.projectName}，报备人${row.reporterName}`,
        onOk: () => move(row, action),
      });
    }
  };

  const actionsOf = (row: Report): RowAction[] => {
    const offered = reportOfferedActions(row.status, grants('close'), grants('review'), grants('visit'));
    const items: RowAction[] = offered
      // A report with a deal stays open: the deal is closed on its own page.
      .filter((action) => !(action === 'close' && row.dealId))
      .map((action) => ({
        action: NEEDS[action] ?? action,
        label: enumText('reportAction', action),
        testId: `report-${action}`,
        danger: action === 'reject' || action === 'invalidate' || action === 'close',
        onClick: () => choose(row, action),
      }));
    const declare = relatedPath(table, route, 'newHouse/editDeal', row.id);
    if (declare && reportDeclarable(row.status, Boolean(row.dealId))) {
      items.unshift({ label: '申报成交', testId: 'report-declare', onClick: () => nav.push(declare) });
    }
    const detail = row.dealId ? relatedPath(table, route, 'newHouse/dealDetail', row.dealId) : undefined;
    if (detail) items.unshift({ label: '成交详情', testId: 'report-deal', onClick: () => nav.push(detail) });
    return items;
  };

  const projectOptions = useMemo(
    () =>
      (projects.data ?? []).map((p) => ({
        value: p.id,
        label: `${p.name}（${enumText('reportPhoneMode', p.phoneMode)}，保护期${p.protectionDays}天）`,
      })),
    [projects.data],
  );
  const addFields = coreFields('report', { projectId: { options: projectOptions } });

  const filters: FieldSpec[] = [
    { field: 'keyword', label: '客户', placeholder: '客户姓名/手机号/报备编号' },
    { field: 'statuses', label: '报备状态', kind: 'multiSelect', options: enumOptions('reportStatus') },
  ];

  return (
    <ListPage<Report, ReportFilters>
      testId="report-list"
      query={query}
      filters={filters}
      initialFilters={city ? CITY_FILTERS : {}}
      toolbar={
        !city && (
          <Permission action="add">
            <Button type="primary" icon={<IconPlus />} onClick={guarded('add', () => setAdding(true))} data-testid="report-add">
              新增报备
            </Button>
          </Permission>
        )
      }
      columns={[
        {
          title: '客户',
          dataIndex: 'customerName',
          width: 170,
          render: (_: unknown, row: Report) => (
            <span>
              {row.customerName} <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="report-phone">
                {formatPhone(row.customerPhone)}
              </Typography.Text>
            </span>
          ),
        },
        { title: '报备楼盘', dataIndex: 'projectName', width: 120, render: (name: string) => <ClippedText text={name} /> },
        {
          title: '预计到访',
          dataIndex: 'visitDate',
          width: 130,
          render: (_: unknown, row: Report) => `${row.visitDate} ${enumText('timeOfDay', row.visitSlot)}`,
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 100,
          render: (_: unknown, row: Report) => (
            <Tag color={STATUS_COLORS[row.status]} data-testid="report-status">
              {row.statusLabel}
            </Tag>
          ),
        },
        {
          title: '报备人',
          dataIndex: 'reporterName',
          width: 130,
          render: (_: unknown, row: Report) => [row.reporterName, row.storeName].filter(Boolean).join(' · '),
        },
        { title: '报备时间', dataIndex: 'reportedAt', width: 150, render: (at: number) => dateTime(at) },
        {
          title: '到访截止',
          dataIndex: 'visitDeadline',
          width: 150,
          render: (at: number | null) => (at ? dateTime(at) : '—'),
        },
        {
          title: '说明',
          dataIndex: 'reason',
          render: (_: unknown, row: Report) =>
            row.dealId ? (
              <Link to={relatedPath(table, route, 'newHouse/dealDetail', row.dealId) ?? '#'}>已申报成交</Link>
            ) : (
              <ClippedText text={row.reason || '—'} />
            ),
        },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right' as const,
          width: 190,
          render: (_: unknown, row: Report) => <RowActions rowName={row.customerName} items={actionsOf(row)} />,
        },
      ]}
    >
      <FormModal<ReportAdd>
        title="新增报备"
        visible={adding}
        fields={addFields}
        initialValues={{ visitDate: today() }}
        onSubmit={(values) => reportApi.add(values)}
        onClose={() => setAdding(false)}
        onSaved={query.reload}
        successText="报备成功，等待项目方审核"
        testId="report-form"
      />
      <Modal
        title={asking ? `${enumText('reportAction', asking.action)} · ${asking.row.customerName}` : ''}
        visible={Boolean(asking)}
        onOk={async () => {
          if (!asking) return;
          await move(asking.row, asking.action, reason);
          setAsking(undefined);
        }}
        onCancel={() => setAsking(undefined)}
        okButtonProps={{ 'data-testid': 'report-reason-submit' } as object}
        unmountOnExit
      >
        <Input.TextArea
          placeholder="请填写原因"
          maxLength={200}
          value={reason}
          onChange={setReason}
          data-testid="report-reason"
        />
      </Modal>
    </ListPage>
  );
}
