import { useEffect, useState } from 'react';
import { Alert, Button, Message, Modal, Progress, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { knowledgeImportAccept, knowledgeImportRefusal } from '@core/wasm';
import { knowledgeApi, type BatchFile, type BatchImport } from '../../../api/ai/knowledge';
import { FilePicker } from '../../../components/file/FilePicker';
import { ClippedText } from '../../../components/list/ClippedText';
import { fileBody } from './ImportDialog';

/** How often a running batch is asked how far it is. */
const POLL_MS = 500;

/** Core `knowledgeFileStage` 4 已完成: stages below it are still open (排队中 … 索引中). */
const FILE_DONE = 4;

const STAGE_COLOURS: Record<number, string> = { 3: 'arcoblue', 4: 'green', 5: 'red', 6: 'gray' };

/** One file's stage as a tag: queued, reading, splitting, storing, done, failed or stopped. */
function stageTag(file: BatchFile) {
  return <Tag color={STAGE_COLOURS[file.stage]}>{file.stageName}</Tag>;
}

/** A chosen file the import cannot read by its kind, and why. */
interface Refused {
  fileName: string;
  reason: string;
}

/** The chosen files split into those sent and those left out with core's reason. */
function sortOut(files: File[]): { readable: File[]; refused: Refused[] } {
  const readable: File[] = [];
  const refused: Refused[] = [];
  for (const file of files) {
    const reason = knowledgeImportRefusal(file.name);
    if (reason) refused.push({ fileName: file.name, reason });
    else readable.push(file);
  }
  return { readable, refused };
}

/** The files left out of the batch, each with its reason, above what is imported. */
function RefusedFiles({ refused }: { refused: Refused[] }) {
  if (refused.length === 0) return null;
  return (
    <Alert
      type="warning"
      data-testid="batch-refused"
      title={`${refused.length}个文件不会导入，其余文件照常导入`}
      content={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {refused.map((file) => (
            <li key={file.fileName}>
              {file.fileName}：{file.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * 批量导入: up to 20 files of any kind a single import reads go to the server, which reads and
 * stores them after this request; the dialog polls how far it is (a progress bar of files and
 * points done, each file's stage and error) and offers 停止 while it runs. Closing the dialog
 * leaves the import running on the server.
 */
export function BatchImportDialog({
  knowledgeId,
  visible,
  onClose,
  onChanged,
}: {
  knowledgeId: number;
  visible: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  // A file of a kind the import cannot read is left out with its reason; the rest go.
  const { readable, refused } = sortOut(files);
  const [batch, setBatch] = useState<BatchImport | undefined>();
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState(false);
  const running = batch?.status === 1;
  // A stop ends the batch at once; its task then marks the unfinished files 已停止 before its
  // next chunk, so the dialog keeps asking until no file is left in an open stage.
  const settling = batch !== undefined && (running || batch.files.some((file) => file.stage < FILE_DONE));

  useEffect(() => {
    if (!batch || !settling) return;
    const timer = window.setTimeout(() => {
      knowledgeApi
        .batchProgress(batch.id)
        .then((next) => {
          setBatch(next);
          if (next.status !== 1) onChanged();
        })
        .catch(() => {
          // Toasted by the request client; the next poll tries again.
          setBatch({ ...batch });
        });
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [batch, settling, onChanged]);

  const close = () => {
    setFiles([]);
    setBatch(undefined);
    onClose();
  };

  const start = async () => {
    setStarting(true);
    try {
      const bodies = await Promise.all(readable.map(fileBody));
      setBatch(await knowledgeApi.batchImport({ knowledgeId, files: bodies }));
    } catch {
      // Toasted by the request client.
    } finally {
      setStarting(false);
    }
  };

  const stop = async () => {
    if (!batch) return;
    setStopping(true);
    try {
      const stopped = await knowledgeApi.stopBatch(batch.id);
      setBatch(stopped);
      Message.info('已停止导入，已导入的知识点保留');
      onChanged();
    } catch {
      // Toasted (e.g. it had just finished); the next poll shows where it is.
    } finally {
      setStopping(false);
    }
  };

  return (
    <Modal
      title="批量导入"
      visible={visible}
      onCancel={close}
      style={{ width: 900, maxWidth: '100vw' }}
      unmountOnExit
      footer={
        <Space>
          {running && (
            <Button status="danger" loading={stopping} onClick={stop} data-testid="batch-stop">
              停止
            </Button>
          )}
          <Button onClick={close}>{running ? '后台继续导入' : '关闭'}</Button>
          {!batch && (
            <Button type="primary" disabled={readable.length === 0} loading={starting} onClick={start} data-testid="batch-start">
              开始导入（{readable.length}个文件）
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="batch-dialog">
        <RefusedFiles refused={refused} />
        {!batch && (
          <>
            <FilePicker accept={knowledgeImportAccept()} multiple files={files} onChange={setFiles} testId="batch-files" />
            <Typography.Text type="secondary">
              一次最多20个文件，支持txt、md、csv、xlsx、docx、pdf；每个文件导入为一个数据集，已有的问答自动跳过。
            </Typography.Text>
          </>
        )}
        {batch && (
          <>
            <Space size={16} wrap>
              <Tag color={batch.status === 2 ? 'green' : batch.status === 3 ? 'gray' : 'arcoblue'} data-testid="batch-status">
                {batch.statusName}
              </Tag>
              <span data-testid="batch-counts">
                文件 {batch.filesDone}/{batch.filesTotal}，知识点 {batch.rowsDone}/{batch.rowsTotal}
              </span>
              <span>
                新增 {batch.added}，跳过 {batch.skipped}
                {batch.failed > 0 ? `，失败文件 ${batch.failed}` : ''}
              </span>
            </Space>
            <Progress
              percent={batch.percent}
              status={batch.status === 3 ? 'warning' : batch.status === 2 ? 'success' : 'normal'}
              data-testid="batch-progress"
            />
            <Table<BatchFile>
              data-testid="batch-files-table"
              rowKey="id"
              data={batch.files}
              pagination={false}
              scroll={{ x: 760 }}
              columns={[
                {
                  title: '文件',
                  dataIndex: 'fileName',
                  width: 240,
                  render: (name: string) => <ClippedText text={name} />,
                },
                { title: '阶段', dataIndex: 'stage', width: 100, render: (_: unknown, file: BatchFile) => stageTag(file) },
                {
                  title: '知识点',
                  dataIndex: 'rowsDone',
                  width: 110,
                  render: (_: unknown, file: BatchFile) => `${file.rowsDone}/${file.rowsTotal}`,
                },
                { title: '新增', dataIndex: 'added', width: 70 },
                { title: '跳过', dataIndex: 'skipped', width: 70 },
                { title: '说明', dataIndex: 'error', render: (error: string) => <ClippedText text={error || '—'} /> },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
