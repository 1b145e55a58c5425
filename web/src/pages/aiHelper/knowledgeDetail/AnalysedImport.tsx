import { useRef, useState, type ReactNode } from 'react';
import { Button, Message, Modal, Space } from '@arco-design/web-react';
import { RequestError } from '../../../api/client';
import { closeAsking } from '../../../components/form/FormModal';
import { knowledgeApi, type FilePreview, type ImportResult } from '../../../api/ai/knowledge';
import { FeeEstimate, freshPoints, PreviewTable } from './importPreview';

/** What an import says it did: added, skipped, and of the skipped those whose question was held already. */
export function importedText(result: ImportResult) {
  const held = result.existing > 0 ? `（其中${result.existing}条问题已存在，保留原答案）` : '';
  return `导入成功：新增${result.added}条，跳过${result.skipped}条${held}`;
}

/** What the source picker of an analysed import is given. */
export interface SourceControls {
  /** The source changed: the preview of the old one is dropped. */
  changed: () => void;
  /** Reads the source now (an address's Enter). */
  analyse: () => void;
}

/**
 * An analysed import (导入文件, 网页解析): a source (a file, a web address) is read by the server into
 * a preview (解析预览, cancellable while it runs: 取消请求 — 取消解析), shown with what each point will
 * become and the cost of indexing the new ones (费用预估); 确认导入 stores the new points as one data
 * set named after the source. The dialogs differ only in their source, told here.
 */
export function AnalysedImportDialog({
  title,
  testId,
  knowledgeId,
  visible,
  ready,
  source,
  read,
  onReset,
  tools,
  guide,
  hint,
  note,
  onClose,
  onImported,
}: {
  title: string;
  /** `import` → import-dialog, import-analyse, import-cancel, import-preview, import-submit. */
  testId: string;
  knowledgeId: number;
  visible: boolean;
  /** Whether a source is chosen, so it can be read. */
  ready: boolean;
  source: (controls: SourceControls) => ReactNode;
  read: (signal: AbortSignal) => Promise<FilePreview>;
  /** Forgets the chosen source, when the dialog closes. */
  onReset: () => void;
  /** Beside 解析预览 (下载CSV模板). */
  tools?: ReactNode;
  /** Always shown under the source. */
  guide?: ReactNode;
  /** Shown until there is a preview. */
  hint?: ReactNode;
  /** Above the preview. */
  note?: (preview: FilePreview, fresh: number) => ReactNode;
  onClose: () => void;
  onImported: () => void;
}) {
  const [preview, setPreview] = useState<FilePreview | undefined>();
  const [analysing, setAnalysing] = useState(false);
  const [saving, setSaving] = useState(false);
  const running = useRef<AbortController | undefined>(undefined);

  const close = () => {
    running.current?.abort();
    onReset();
    setPreview(undefined);
    onClose();
  };

  const analyse = async () => {
    const controller = new AbortController();
    running.current = controller;
    setAnalysing(true);
    setPreview(undefined);
    try {
      setPreview(await read(controller.signal));
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
      title={title}
      visible={visible}
      // Escape, the × or a click outside ask before a typed address, a chosen file or a preview
      // is thrown away; 关闭 closes at once, as 取消 does on every form.
      onCancel={() => closeAsking(ready || preview !== undefined, close)}
      style={{ width: 900 }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={close}>关闭</Button>
          {preview && (
            <Button type="primary" disabled={fresh.length === 0} loading={saving} onClick={submit} data-testid={`${testId}-submit`}>
              确认导入（{fresh.length}条）
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`${testId}-dialog`}>
        <Space style={{ width: '100%' }}>
          {/* `source` wires these callbacks to its controls' events; it never calls them while rendering. */}
          {/* eslint-disable-next-line react-hooks/refs */}
          {source({ changed: () => setPreview(undefined), analyse: () => ready && !analysing && void analyse() })}
          {analysing ? (
            <Button status="warning" onClick={() => running.current?.abort()} data-testid={`${testId}-cancel`}>
              取消解析
            </Button>
          ) : (
            <Button type="primary" disabled={!ready} onClick={analyse} data-testid={`${testId}-analyse`}>
              解析预览
            </Button>
          )}
          {tools}
        </Space>
        {guide}
        {preview ? (
          <>
            {note?.(preview, fresh.length)}
            <PreviewTable preview={preview} testId={`${testId}-preview`} />
            <FeeEstimate knowledgeId={knowledgeId} preview={preview} />
          </>
        ) : (
          hint
        )}
      </Space>
    </Modal>
  );
}
