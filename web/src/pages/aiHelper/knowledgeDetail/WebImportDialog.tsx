import { useState } from 'react';
import { Input, Typography } from '@arco-design/web-react';
import { knowledgeApi } from '../../../api/ai/knowledge';
import { AnalysedImportDialog } from './AnalysedImport';

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
  return (
    <AnalysedImportDialog
      title="网页解析"
      testId="web"
      knowledgeId={knowledgeId}
      visible={visible}
      ready={url.trim() !== ''}
      source={({ changed, analyse }) => (
        <Input
          style={{ width: 560 }}
          placeholder="请输入以http://或https://开头的网址"
          value={url}
          onChange={(value) => {
            setUrl(value);
            changed();
          }}
          onPressEnter={analyse}
          data-testid="web-url"
        />
      )}
      read={(signal) => knowledgeApi.analyseWeb({ knowledgeId, url: url.trim() }, signal)}
      onReset={() => setUrl('')}
      guide={
        <Typography.Text type="secondary">
          读取网页的标题及其下的正文（每个小标题作问题，其下文字作答案），或“问：”“答：”成对的文字；数据集以网页标题命名，已存在的问题不会重复导入。
        </Typography.Text>
      }
      note={(preview, fresh) => (
        <Typography.Text>
          网页：<Typography.Text bold>{preview.fileName}</Typography.Text>，读到{preview.points.length}条，可新增{fresh}条
        </Typography.Text>
      )}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
