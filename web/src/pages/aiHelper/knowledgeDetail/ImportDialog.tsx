import { useRef, useState } from 'react';
import { Button, Message, Modal, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { knowledgeCsvTemplate, knowledgeImportAccept, knowledgeImportIsBinary } from '@core/wasm';
import { RequestError } from '../../../api/client';
import { FilePicker, fileBase64 } from '../../../components/file/FilePicker';
import { knowledgeApi, type FilePreview, type PreviewPoint } from '../../../api/ai/knowledge';

/** What the preview says of a point: added, already held (skipped), or refused with why. */
function status(point: PreviewPoint) {
  if (point.problem) return <Tag color="red">{point.problem}</Tag>;
  if (point.duplicate) return <Tag color="gray">已存在，跳过</Tag>;
  return <Tag color="green">新增</Tag>;
}

/** The question–answer template (core's), as a CSV file to fill in. */
export function downloadTemplate() {
  // A byte-order mark, so spreadsheet programs read the Chinese header as UTF-8.
  const blob = new Blob(['\ufeff', knowledgeCsvTemplate()], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = '知识库问答模板.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}

/** What an import path takes of a file: its text (txt, md, csv) or its bytes in base64 (xlsx, docx, pdf). */
export async function fileBody(file: File): Promise<{ fileName: string; content?: string; data?: string }> {
  return knowledgeImportIsBinary(file.name)
    ? { fileName: file.name, data: await fileBase64(file) }
    : { fileName: file.name, content: await file.text() };
}

/**
 * 导入文件: a txt, md, csv, xlsx, docx or pdf file is read by the server into a preview (cancellable while it
 * runs: 取消请求), then its new points are stored as one data set.
 */
export function ImportDialog({
  knowledgeId,
  visible,
  onClose,
  onImported,
}: {
  knowledgeId: number;
  visible: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<FilePreview | undefined>();
  const [analysing, setAnalysing] = useState(false);
  const [saving, setSaving] = useState(false);
  const running = useRef<AbortController | undefined>(undefined);

  const reset = () => {
    running.current?.abort();
    setFile(undefined);
    setPreview(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  const analyse = async () => {
    if (!file) return;
    const controller = new AbortController();
    running.current = controller;
    setAnalysing(true);
    try {
      setPreview(await knowledgeApi.analyse({ knowledgeId, ...(await fileBody(file)) }, controller.signal));
    } catch (error) {
      // A refusal was toasted by the request client; a cancel says so here.
      if (error instanceof RequestError && error.kind === 'cancelled') Message.warning(error.message);
    } finally {
      running.current = undefined;
      setAnalysing(false);
    }
  };

  const fresh = preview?.points.filter((point) => !point.duplicate && !point.problem) ?? [];
  const submit = async () => {
    if (!preview) return;
    setSaving(true);
    try {
      const result = await knowledgeApi.submitImport({
        knowledgeId,
        fileName: preview.fileName,
        points: fresh.map(({ question, answer, indexes }) => ({ question, answer, indexes })),
      });
      Message.success(`导入成功：新增${result.added}条，跳过${result.skipped}条`);
      close();
      onImported();
    } catch {
      // Toasted by the request client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="导入文件"
      visible={visible}
      onCancel={close}
      style={{ width: 900 }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={close}>关闭</Button>
          {preview && (
            <Button
              type="primary"
              disabled={fresh.length === 0}
              loading={saving}
              onClick={submit}
              data-testid="import-submit"
            >
              确认导入（{fresh.length}条）
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="import-dialog">
        <Space>
          <FilePicker
            accept={knowledgeImportAccept()}
            files={file ? [file] : []}
            testId="import-file"
            onChange={(files) => {
              setPreview(undefined);
              setFile(files[0]);
            }}
          />
          {analysing ? (
            <Button status="warning" onClick={() => running.current?.abort()} data-testid="import-cancel">
              取消解析
            </Button>
          ) : (
            <Button type="primary" disabled={!file} onClick={analyse} data-testid="import-analyse">
              解析预览
            </Button>
          )}
          <Button type="text" onClick={downloadTemplate} data-testid="import-template">
            下载CSV模板
          </Button>
        </Space>
        <Typography.Text type="secondary">
          支持txt、md、csv、xlsx、docx、pdf文件：csv、xlsx按模板的问题、答案、补充索引三列；txt、md、docx、pdf按“问：”“答：”成对书写，md、docx也可用标题作问题。加密或扫描的PDF无法读取。
        </Typography.Text>
        {preview && (
          <Table<PreviewPoint>
            data-testid="import-preview"
            rowKey={(point) => `${point.question}\n${point.answer}`}
            data={preview.points}
            pagination={{ pageSize: 5, showTotal: true }}
            columns={[
              { title: '问题', dataIndex: 'question', width: 240 },
              { title: '答案', dataIndex: 'answer' },
              { title: '补充索引', dataIndex: 'indexes', width: 140, render: (indexes: string[]) => indexes.join('、') || '—' },
              { title: '状态', dataIndex: 'duplicate', width: 160, render: (_: unknown, point: PreviewPoint) => status(point) },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
