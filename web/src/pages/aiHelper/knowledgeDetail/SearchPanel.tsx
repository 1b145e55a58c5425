import { useState } from 'react';
import { Button, Card, Empty as ArcoEmpty, Form, Grid, List, Space, Tag, Typography } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { formatDuration, similarityPercent } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { knowledgeApi, type SearchHit, type SearchResult } from '../../../api/ai/knowledge';
import { useRead } from '../../../api/useRead';
import { coreFields } from '../../../components/form/coreForm';
import { FormField } from '../../../components/form/fields';
import { FormModal } from '../../../components/form/FormModal';
import { placeFailure } from '../../../components/form/placeFailure';
import { Permission } from '../../../components/Permission';
import { dateTime } from '../../org/shared/format';
import { thresholdExtra } from '../shared/thresholdWarning';
import { indexLines, pointFields, type PointValues } from './pointForm';

interface SearchValues {
  query: string;
  topK?: number;
  threshold?: number;
}

// 相似度阈值 is a 0–1 share here: warned of in percent like the assistant form's.
const fields = coreFields('knowledgeSearch', {
  threshold: {
    extraFor: (values) =>
      typeof values.threshold === 'number' ? thresholdExtra(HINT, values.threshold * 100) : undefined,
  },
});
const HINT = fields.find((field) => field.field === 'threshold')?.extra;

/**
 * 检索测试: asks the knowledge base as an assistant would and shows each hit with its score; a
 * hit's point is edited in place, and past searches stay beside it to compare and run again.
 */
export function SearchPanel({ knowledgeId }: { knowledgeId: number }) {
  const [form] = Form.useForm<SearchValues>();
  // The answer and how long it took, request to response, as the asker waited for it.
  const [result, setResult] = useState<(SearchResult & { tookMs: number }) | undefined>();
  const [searching, setSearching] = useState(false);
  const [editing, setEditing] = useState<SearchHit | undefined>();
  const history = useRead(() => knowledgeApi.history(knowledgeId), knowledgeId);

  const run = async () => {
    const values = await form.validate().catch(() => undefined);
    if (!values) return;
    setSearching(true);
    try {
      const started = performance.now();
      const answer = await knowledgeApi.search(knowledgeId, values);
      if (isApiFailure(answer)) placeFailure(form, fields, answer);
      else setResult({ ...answer, tookMs: performance.now() - started });
    } finally {
      setSearching(false);
    }
  };

  const again = (values: SearchValues) => {
    form.setFieldsValue(values);
    void run();
  };

  return (
    <Grid.Row gutter={[16, 16]} data-testid="knowledge-search">
      <Grid.Col xs={24} xl={16}>
        <Card title="检索测试" bordered={false}>
          <Form form={form} layout="vertical" id="knowledge-search-form" autoComplete="off">
            <FormField spec={fields[0]} />
            <Grid.Row gutter={16}>
              <Grid.Col span={12}>
                <FormField spec={fields[1]} />
              </Grid.Col>
              <Grid.Col span={12}>
                <FormField spec={fields[2]} />
              </Grid.Col>
            </Grid.Row>
            <Space>
              <Button type="primary" icon={<IconSearch />} loading={searching} onClick={run} data-testid="search-run">
                测试
              </Button>
            </Space>
          </Form>
          {result && (
            <div className="knowledge-search__result" data-testid="search-result">
              <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
                返回条数 {result.topK} · 相似度阈值 {similarityPercent(result.threshold)} · 命中 {result.list.length} 条 ·{' '}
                <span data-testid="search-took">耗时 {formatDuration(result.tookMs)}</span>
              </Typography.Paragraph>
              {result.list.length === 0 ? (
                <ArcoEmpty description="未找到相关知识点" />
              ) : (
                <List
                  dataSource={result.list}
                  render={(hit: SearchHit, index: number) => (
                    <List.Item
                      key={hit.pointId}
                      data-testid="search-hit"
                      actions={[
                        <Permission key="edit" action="edit">
                          <Button type="text" size="small" onClick={() => setEditing(hit)} data-testid="hit-edit">
                            编辑
                          </Button>
                        </Permission>,
                      ]}
                    >
                      <Space direction="vertical" size={4} style={{ width: '100%' }}>
                        <Space size={8}>
                          <Tag color="arcoblue">#{index + 1}</Tag>
                          <Tag color="green" data-testid="hit-score">
                            相似度 {similarityPercent(hit.score)}
                          </Tag>
                          <Tag>{hit.dataSetName}</Tag>
                        </Space>
                        <Typography.Text bold>{hit.question}</Typography.Text>
                        <Typography.Paragraph style={{ marginBottom: 0 }}>{hit.answer}</Typography.Paragraph>
                      </Space>
                    </List.Item>
                  )}
                />
              )}
            </div>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} xl={8}>
        <Card title="检索历史" bordered={false} data-testid="search-history">
          {history.data && history.data.length > 0 ? (
            <List
              size="small"
              dataSource={history.data}
              render={(past) => (
                <List.Item
                  key={past.id}
                  actions={[
                    <Button
                      key="again"
                      type="text"
                      size="small"
                      onClick={() => again({ query: past.query, topK: past.topK, threshold: past.threshold })}
                    >
                      再次检索
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={past.query}
                    description={
                      <Space direction="vertical" size={0}>
                        <span>
                          {dateTime(past.createdAt)} · {past.userName}
                        </span>
                        <span>
                          命中 {past.hits.length} 条{past.hits[0] && `，最高相似度 ${similarityPercent(past.hits[0].score)}`}
                        </span>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          ) : (
            <ArcoEmpty description="暂无检索记录" />
          )}
        </Card>
      </Grid.Col>
      <FormModal<PointValues>
        title="编辑知识点"
        visible={editing !== undefined}
        fields={pointFields(true)}
        initialValues={
          editing ? { question: editing.question, answer: editing.answer, indexes: editing.indexes.join('\n') } : undefined
        }
        testId="point-form"
        onSubmit={({ indexes, ...values }) =>
          knowledgeApi.editPoint({ question: values.question, answer: values.answer, id: editing?.pointId ?? 0, indexes: indexLines(indexes) })
        }
        onClose={() => setEditing(undefined)}
        onSaved={() => void run()}
      />
    </Grid.Row>
  );
}
