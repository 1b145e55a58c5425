import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Descriptions, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import './DetailPage.css';

export interface DetailPageProps {
  title: ReactNode;
  /** Tags or a status beside the title. */
  badges?: ReactNode;
  /** Action buttons (each wrapped in `Permission` by the page). */
  extra?: ReactNode;
  loading?: boolean;
  testId?: string;
  children?: ReactNode;
}

/** A detail screen: back, title and actions on top, then cards of sections. */
export function DetailPage({ title, badges, extra, loading, testId = 'detail-page', children }: DetailPageProps) {
  const navigate = useNavigate();
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
          labelStyle={{ width: 110, color: 'var(--color-text-3)' }}
          data={items.map((item) => ({ label: item.label, value: item.value ?? '—' }))}
        />
      )}
      {children}
    </Card>
  );
}
