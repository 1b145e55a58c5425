import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Descriptions, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { findRoute } from '@core/wasm';
import { useNav } from '../../router/useNav';
import { useMenuStore } from '../../stores/menu';
import { useTabsStore } from '../../stores/tabs';
import './DetailPage.css';

export interface DetailPageProps {
  title: ReactNode;
  /** Tags or a status beside the title. */
  badges?: ReactNode;
  /** Action buttons (each wrapped in `Permission` by the page). */
  extra?: ReactNode;
  loading?: boolean;
  /**
   * Why the record cannot be shown (an unknown id, one outside the caller's scope): the request
   * client has already said so in a toast; the page then says it in place of the spinner.
   */
  error?: unknown;
  /** The record's name, put in the page's tab so two open records read differently. */
  subject?: string;
  testId?: string;
  children?: ReactNode;
}

/** Shown instead of a record that failed to load, with the way back to its list. */
export function DetailError({ error, extra }: { error: unknown; extra?: ReactNode }) {
  const { pathname } = useLocation();
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const list = findRoute(table, pathname)?.meta.owner || table.home;
  const message = error instanceof Error && error.message ? error.message : '加载失败，请稍后重试';
  return (
    <div className="page-card" data-testid="detail-error">
      <Result
        status="404"
        title="无法显示该记录"
        subTitle={message}
        extra={
          <Space>
            {extra}
            <Button type="primary" onClick={() => nav.push(list || '/login')} data-testid="detail-error-back">
              返回列表
            </Button>
          </Space>
        }
      />
    </div>
  );
}

/** A detail screen: back, title and actions on top, then cards of sections. */
export function DetailPage({
  title,
  badges,
  extra,
  loading,
  error,
  subject,
  testId = 'detail-page',
  children,
}: DetailPageProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const nameTab = useTabsStore((state) => state.name);
  useEffect(() => {
    if (subject) nameTab(pathname, subject);
  }, [nameTab, pathname, subject]);
  if (error) return <DetailError error={error} />;
  return (
    <div className="detail-page" data-testid={testId}>
      <div className="detail-page__header page-card">
        <Space size={12} align="center">
          <Button type="text" icon={<IconLeft />} onClick={() => navigate(-1)} data-testid="detail-back">
            返回
          </Button>
          <Typography.Title heading={5} className="detail-page__title">
            {title}
          </Typography.Title>
          {badges}
        </Space>
        <Space>{extra}</Space>
      </div>
      {loading ? (
        <div className="page-loading">
          <Spin size={28} />
        </div>
      ) : (
        children
      )}
    </div>
  );
}

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** One titled card of label/value pairs. */
export function DetailSection({
  title,
  items,
  extra,
  column = 3,
  children,
}: {
  title: string;
  items?: DetailItem[];
  extra?: ReactNode;
  column?: number;
  children?: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} bordered={false} className="detail-page__section">
      {items && (
        <Descriptions
          column={column}
          colon="："
          // Equal columns in every section, so labels and values line up down the page.
          tableLayout="fixed"
          labelStyle={{ width: 110, color: 'var(--color-text-3)' }}
          data={items.map((item) => ({ label: item.label, value: item.value ?? '—' }))}
        />
      )}
      {children}
    </Card>
  );
}
