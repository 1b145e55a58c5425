import { useState } from 'react';
import { Button, Space, Typography } from '@arco-design/web-react';
import {
  knowledgeCsvTemplate,
  knowledgeImportAccept,
  knowledgeImportFileTooLarge,
  knowledgeImportIsBinary,
} from '@core/wasm';
import { FilePicker, fileBase64 } from '../../../components/file/FilePicker';
import { knowledgeApi } from '../../../api/ai/knowledge';
import { AnalysedImportDialog } from './AnalysedImport';
import { ImportFormatHint } from './importPreview';

export { importedText } from './AnalysedImport';

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
  // A file over core's limit (20 MB) is refused here, before it is read or sent.
  const [refusal, setRefusal] = useState<string | undefined>();
  return (
    <AnalysedImportDialog
      title="导入文件"
      testId="import"
      knowledgeId={knowledgeId}
      visible={visible}
      ready={file !== undefined}
      source={({ changed }) => (
        <Space direction="vertical" size={4}>
          <FilePicker
            accept={knowledgeImportAccept()}
            files={file ? [file] : []}
            testId="import-file"
            onChange={(files) => {
              changed();
              const chosen = files[0];
              const tooLarge = chosen ? knowledgeImportFileTooLarge(chosen.name, chosen.size) : undefined;
              setRefusal(tooLarge);
              setFile(tooLarge ? undefined : chosen);
            }}
          />
          {refusal && (
            <Typography.Text type="error" data-testid="import-file-refused">
              {refusal}
            </Typography.Text>
          )}
        </Space>
      )}
      read={async (signal) => knowledgeApi.analyse({ knowledgeId, ...(await fileBody(file as File)) }, signal)}
      onReset={() => {
        setFile(undefined);
        setRefusal(undefined);
      }}
      tools={
        <Button type="text" onClick={downloadTemplate} data-testid="import-template">
          下载CSV模板
        </Button>
      }
      hint={<ImportFormatHint />}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
