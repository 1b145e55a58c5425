import { Descriptions, Tabs } from '@arco-design/web-react';
import { knowledgeApi } from '../../../api/ai/knowledge';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailError } from '../../../components/detail/DetailPage';
import { isRecordId } from '../../../components/detail/recordId';
import { useQueryParam, useRouteQuery } from '../../../router/useNav';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { DataSetsPanel } from './DataSetsPanel';
import { PointsPanel } from './PointsPanel';
import { SearchPanel } from './SearchPanel';

/**
 * 知识库详情 (/adminConfig/aiHelper/knowledge/detail?id=…): the knowledge base's points (typed in
 * and edited here), its data sets, and 检索测试 with its history.
 */
export default function KnowledgeDetailPage({ route }: PageProps) {
  const raw = useRouteQuery().id;
  if (!isRecordId(raw)) return <DetailError error={new Error('数据不存在或已被删除')} />;
  return <KnowledgeDetail id={Number(raw)} title={route.meta.title} />;
}

/** The tabs, by the key the address names (`?tab=sets`); anything else is the first. */
const TABS = ['points', 'sets', 'search'];

function KnowledgeDetail({ id, title }: { id: number; title: string }) {
  const { data: base, error } = useRead(() => knowledgeApi.detail(id), id);
  // The open tab lives in the address, so a reload or 返回 comes back to it.
  const [tab, setTab] = useQueryParam('tab');
  const active = tab && TABS.includes(tab) ? tab : TABS[0];
  return (
    <DetailPage testId="knowledge-detail" title={base?.name ?? title} loading={!base} error={error} subject={base?.name}>
      {base && (
        <>
          <div className="page-card">
            <Descriptions
              column={4}
              data={[
                { label: '简介', value: orDash(base.description) },
                { label: '数据集', value: base.dataSetCount },
                { label: '知识点', value: base.pointCount },
                { label: '更新时间', value: dateTime(base.updatedAt) },
              ]}
            />
          </div>
          <Tabs
            activeTab={active}
            onChange={(key) => setTab(key === TABS[0] ? undefined : key)}
            className="page-card"
            destroyOnHide
          >
            <Tabs.TabPane key="points" title="知识点">
              <PointsPanel knowledgeId={id} />
            </Tabs.TabPane>
            <Tabs.TabPane key="sets" title="数据集">
              <DataSetsPanel knowledgeId={id} />
            </Tabs.TabPane>
            <Tabs.TabPane key="search" title="检索测试">
              <SearchPanel knowledgeId={id} />
            </Tabs.TabPane>
          </Tabs>
        </>
      )}
    </DetailPage>
  );
}
