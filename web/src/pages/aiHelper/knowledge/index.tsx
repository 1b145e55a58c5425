import { Link } from 'react-router-dom';
import { knowledgeDeleteWarning } from '@core/wasm';
import { knowledgeApi, type Knowledge } from '../../../api/ai/knowledge';
import { coreFields } from '../../../components/form/coreForm';
import { ClippedText } from '../../../components/list/ClippedText';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { useNav } from '../../../router/useNav';
import { buildHref } from '../../../router/query';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';

/** Where a knowledge base's points, data sets and 检索测试 are. */
const KNOWLEDGE_DETAIL = '/adminConfig/aiHelper/knowledge/detail';

interface Values {
  name: string;
  description?: string;
}

/** 知识库 (/adminConfig/aiHelper/knowledge): the knowledge bases the assistants answer from. */
export default function KnowledgePage(_: PageProps) {
  const nav = useNav();
  const open = (row: Knowledge) => nav.push(KNOWLEDGE_DETAIL, { id: String(row.id) });
  return (
    <CrudListPage<Knowledge, { name?: string }, Values>
      testId="knowledge"
      entityName="知识库"
      fetchPage={knowledgeApi.list}
      initialFilters={{}}
      filters={[{ field: 'name', label: '知识库名称' }]}
      columns={[
        {
          title: '知识库名称',
          dataIndex: 'name',
          width: 200,
          render: (name: string, row: Knowledge) => (
            <Link to={buildHref(KNOWLEDGE_DETAIL, { id: String(row.id) })}>{name}</Link>
          ),
        },
        { title: '简介', dataIndex: 'description', render: (text: string) => <ClippedText text={orDash(text)} /> },
        { title: '数据集', dataIndex: 'dataSetCount', width: 80 },
        { title: '知识点', dataIndex: 'pointCount', width: 80 },
        {
          title: '使用助手',
          dataIndex: 'assistantNames',
          width: 160,
          render: (names: string[]) => <ClippedText text={names.length ? names.join('、') : '—'} />,
        },
        { title: '创建人', dataIndex: 'createdByName', width: 100, render: orDash },
        { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: dateTime },
      ]}
      formFields={() => coreFields('knowledge')}
      toFormValues={(row) => ({ name: row.name, description: row.description })}
      rowActions={(row) => [{ label: '详情', testId: 'row-detail', onClick: () => open(row) }]}
      onAdd={(values) => knowledgeApi.save(values)}
      onEdit={(row, values) => knowledgeApi.save({ ...values, id: row.id })}
      onDelete={(row) => knowledgeApi.remove(row.id)}
      deleteWarning={(row) => knowledgeDeleteWarning(row.assistantNames)}
    />
  );
}
