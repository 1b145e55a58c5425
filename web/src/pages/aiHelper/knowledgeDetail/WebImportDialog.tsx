import { useRef, useState } from 'react';
import { Button, Input, Message, Modal, Space, Typography } from '@arco-design/web-react';
import { RequestError } from '../../../api/client';
import { knowledgeApi, type FilePreview } from '../../../api/ai/knowledge';
import { importedText } from './ImportDialog';
import { FeeEstimate, freshPoints, PreviewTable } from './importPreview';

/**
 * 网页解析: the server reads a web page into points (cancellable while it runs: 取消请求), shown as a
 * preview with the cost of indexing them (费用预估); its new points are then stored as one data set
 * named after the page's title.
 */
export function WebImportDialog({
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
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<FilePreview | undefined>();
  const [analysing, setAnalysing] = useState(false);
  const [saving, setSaving] = useState(false);
  const running = useRef<AbortController | undefined>(undefined);

  const close = () => {
    running.current?.abort();
    setUrl('');
    setPreview(undefined);
    onClose();
  };

  const analyse = async () => {
    const controller = new AbortController();
    running.current = controller;
    setAnalysing(true);
    setPreview(undefined);
    try {
      setPreview(await knowledgeApi.analyseWeb({ knowledgeId, url: url.trim() }, controller.signal));
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
      title="网页解析"
      visible={visible}
      onCancel={close}
      style={{ width: 900 }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={close}>关闭</Button>
          {preview && (
            <Button type="primary" disabled={fresh.length === 0} loading={saving} onClick={submit} data-testid="web-submit">
              确认导入（{fresh.length}条）
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="web-dialog">
        <Space style={{ width: '100%' }}>
          <Input
            style={{ width: 560 }}
            placeholder="请输入以http://或https://开头的网址"
            value={url}
            onChange={(value) => {
              setUrl(value);
              setPreview(undefined);
            }}
            onPressEnter={() => url.trim() && !analysing && void analyse()}
            data-testid="web-url"
          />
          {analysing ? (
            <Button status="warning" onClick={() => running.current?.abort()} data-testid="web-cancel">
              取消解析
            </Button>
          ) : (
            <Button type="primary" disabled={!url.trim()} onClick={analyse} data-testid="web-analyse">
              解析预览
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">
          读取网页的标题及其下的正文（每个小标题作问题，其下文字作答案），或“问：”“答：”成对的文字；数据集以网页标题命名，已存在的问题不会重复导入。
        </Typography.Text>
        {preview && (
          <>
            <Typography.Text>
              网页：<Typography.Text bold>{preview.fileName}</Typography.Text>，读到{preview.points.length}条，可新增{fresh.length}条
            </Typography.Text>
            <PreviewTable preview={preview} testId="web-preview" />
            <FeeEstimate knowledgeId={knowledgeId} preview={preview} />
          </>
        )}
      </Space>
    </Modal>
  );
}
