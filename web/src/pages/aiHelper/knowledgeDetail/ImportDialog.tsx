import { useRef, useState } from 'react';
import { Button, Message, Modal, Space } from '@arco-design/web-react';
import { knowledgeCsvTemplate, knowledgeImportAccept, knowledgeImportIsBinary } from '@core/wasm';
import { RequestError } from '../../../api/client';
import { FilePicker, fileBase64 } from '../../../components/file/FilePicker';
import { knowledgeApi, type FilePreview, type ImportResult } from '../../../api/ai/knowledge';
import { FeeEstimate, freshPoints, ImportFormatHint, PreviewTable } from './importPreview';

/** What an import says it did: added, skipped, and of the skipped those whose question was held already. */
export function importedText(result: ImportResult) {
  const held = result.existing > 0 ? `（其中${result.existing}条问题已存在，保留原答案）` : '';
  return `导入成功：新增${result.added}条，跳过${result.skipped}条${held}`;
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

  const fresh = freshPoints(preview);
  const submit = async () => {
    if (!preview) return;
    setSaving(true);
    try {
      const result = await knowledgeApi.submitImport({
        knowledgeId,
        fileName: preview.fileName,
        points: fresh.map(({ question, answer, indexes }) => ({ question, answer, indexes })),
      });
      Message.success(importedText(result));
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
        {preview ? (
          <>
            <PreviewTable preview={preview} testId="import-preview" />
            <FeeEstimate knowledgeId={knowledgeId} preview={preview} />
          </>
        ) : (
          <ImportFormatHint />
        )}
      </Space>
    </Modal>
  );
}
