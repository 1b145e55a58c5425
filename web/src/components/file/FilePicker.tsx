import { useRef } from 'react';
import { Button, Space, Typography } from '@arco-design/web-react';
import './FilePicker.css';
import { IconUpload } from '@arco-design/web-react/icon';

/**
 * A file chooser that speaks Chinese: a 选择文件 button (the browser's own input would say
 * "Choose File" in an English browser) and the chosen files' names, or 未选择文件.
 */
export function FilePicker({
  accept,
  multiple = false,
  files,
  onChange,
  disabled,
  testId,
}: {
  accept: string;
  multiple?: boolean;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space align="start">
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        data-testid={testId}
        onChange={(event) => {
          onChange(Array.from(event.target.files ?? []));
          // The same file chosen again after a change still fires.
          event.target.value = '';
        }}
      />
      <Button icon={<IconUpload />} disabled={disabled} onClick={() => input.current?.click()} data-testid={`${testId}-button`}>
        {multiple ? '选择文件（可多选）' : '选择文件'}
      </Button>
      {files.length === 0 ? (
        <Typography.Text type="secondary">未选择文件</Typography.Text>
      ) : (
        // One line per file, each long name ending in … with the whole name on hover.
        <ul className="file-picker__names" data-testid={`${testId}-names`}>
          {files.map((file, index) => (
            <li key={`${index}-${file.name}`} title={file.name}>
              {file.name}
            </li>
          ))}
        </ul>
      )}
    </Space>
  );
}

/** A file's bytes as base64, as the import paths take xlsx, docx and pdf files. */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('文件读取失败'));
    reader.readAsDataURL(file);
  });
}
