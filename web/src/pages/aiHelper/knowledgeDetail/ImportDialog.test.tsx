import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportDialog } from './ImportDialog';

function choose(name: string, size: number) {
  const file = new File(['问：几点开门？\n答：8点。'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
}

describe('导入文件: the file size', () => {
  it('refuses a file over 20 MB when it is chosen, saying the limit', () => {
    render(<ImportDialog knowledgeId={1} visible onClose={() => {}} onImported={() => {}} />);
    choose('门店制度.txt', 20 * 1024 * 1024 + 1);
    expect(screen.getByTestId('import-file-refused').textContent).toBe('文件「门店制度.txt」超过20MB，无法导入，请拆分后再导入');
    expect(screen.getByText('未选择文件')).toBeTruthy();
  });

  it('takes a file of 20 MB', () => {
    render(<ImportDialog knowledgeId={1} visible onClose={() => {}} onImported={() => {}} />);
    choose('门店制度.txt', 20 * 1024 * 1024);
    expect(screen.queryByTestId('import-file-refused')).toBeNull();
    expect(screen.getByText('门店制度.txt')).toBeTruthy();
  });
});
