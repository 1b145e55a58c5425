import { useRef } from 'react';
import { Button, Space, Typography } from '@arco-design/web-react';
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
  const names = files.map((file) => file.name).join('、');
  return (
    <Space>
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
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }} title={names || undefined}>
        {names || '未选择文件'}
      </Typography.Text>
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
