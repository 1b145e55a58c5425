import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconDownload, IconLink, IconUpload } from '@arco-design/web-react/icon';
import { knowledgeApi, type DataSet } from '../../../api/ai/knowledge';
import { confirmDelete } from '../../../components/form/confirmAction';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery, type PageRequest } from '../../../components/list/useListQuery';
import { Permission } from '../../../components/Permission';
import { dateTime } from '../../org/shared/format';
import { BatchImportDialog } from './BatchImportDialog';
import { downloadTemplate, ImportDialog } from './ImportDialog';
import { WebImportDialog } from './WebImportDialog';

interface Filters {
  name?: string;
}

/** The 数据集 tab: where the points came from; a data set is renamed or deleted with its points. */
export function DataSetsPanel({ knowledgeId }: { knowledgeId: number }) {
  const query = useListQuery((q: Filters & PageRequest) => knowledgeApi.dataSets({ ...q, knowledgeId }), {});
  const [renaming, setRenaming] = useState<DataSet | undefined>();
  const [importing, setImporting] = useState(false);
  const [batching, setBatching] = useState(false);
  const [reading, setReading] = useState(false);
  const remove = (set: DataSet) =>
    confirmDelete('数据集', set.name, () => knowledgeApi.removeDataSet(set.id).then(query.reload));
  return (
    <ListPage<DataSet, Filters>
      testId="knowledge-data-sets"
      query={query}
      filters={[{ field: 'name', label: '数据集名称' }]}
      toolbar={
        <>
          <Button icon={<IconDownload />} onClick={downloadTemplate}>
            下载模板
          </Button>
          <Permission action="edit">
            <Button type="primary" icon={<IconUpload />} onClick={() => setImporting(true)} data-testid="data-set-import">
              导入文件
            </Button>
          </Permission>
          <Permission action="edit">
            <Button icon={<IconUpload />} onClick={() => setBatching(true)} data-testid="data-set-batch">
              批量导入
            </Button>
          </Permission>
          <Permission action="edit">
            <Button icon={<IconLink />} onClick={() => setReading(true)} data-testid="data-set-web">
              网页解析
            </Button>
          </Permission>
        </>
      }
      columns={[
        { title: '数据集名称', dataIndex: 'name' },
        { title: '来源', dataIndex: 'sourceName', width: 110 },
        { title: '知识点', dataIndex: 'pointCount', width: 90 },
        { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: dateTime },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right',
          width: 140,
          render: (_: unknown, set: DataSet) => (
            <RowActions
              rowName={set.name}
              items={[
                { action: 'edit', label: '重命名', testId: 'row-rename', onClick: () => setRenaming(set) },
                { action: 'edit', label: '删除', danger: true, testId: 'row-delete', onClick: () => remove(set) },
              ]}
            />
          ),
        },
      ]}
    >
      <FormModal<{ name: string }>
        title="重命名数据集"
        visible={renaming !== undefined}
        fields={coreFields('knowledgeDataSet')}
        initialValues={renaming ? { name: renaming.name } : undefined}
        testId="data-set-form"
        onSubmit={(values) => knowledgeApi.renameDataSet({ id: renaming?.id ?? 0, ...values })}
        onClose={() => setRenaming(undefined)}
        onSaved={query.reload}
      />
      <ImportDialog
        knowledgeId={knowledgeId}
        visible={importing}
        onClose={() => setImporting(false)}
        onImported={query.reload}
      />
      <WebImportDialog
        knowledgeId={knowledgeId}
        visible={reading}
        onClose={() => setReading(false)}
        onImported={query.reload}
      />
      <BatchImportDialog
        knowledgeId={knowledgeId}
        visible={batching}
        onClose={() => setBatching(false)}
        onChanged={query.reload}
      />
    </ListPage>
  );
}
