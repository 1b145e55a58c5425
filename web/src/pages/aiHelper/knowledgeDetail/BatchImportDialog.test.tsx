import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BatchImportDialog } from './BatchImportDialog';

const api = vi.hoisted(() => ({ batchImport: vi.fn() }));
vi.mock('../../../api/ai/knowledge', () => ({
  knowledgeApi: { batchImport: api.batchImport, batchProgress: vi.fn(), stopBatch: vi.fn() },
}));

const CONTENT = '问：押金怎么退？\n答：退租验房后7个工作日内退还。';

function choose(...names: string[]) {
  // jsdom's File has no text(); the browser's has.
  const files = names.map((name) => Object.assign(new File([CONTENT], name, { type: 'text/plain' }), { text: async () => CONTENT }));
  fireEvent.change(screen.getByTestId('batch-files'), { target: { files } });
}

describe('批量导入 with a file it cannot read', { timeout: 30_000 }, () => {
  it('imports the readable files and lists the other with its reason', async () => {
    const longName = '2026年门店租赁业务押金退还与续租规则汇编（第三版）.txt';
    api.batchImport.mockResolvedValue({
      id: 1, knowledgeId: 8, status: 1, statusName: '导入中', filesTotal: 1, filesDone: 0, rowsTotal: 0, rowsDone: 0,
      added: 0, skipped: 0, failed: 0, percent: 0, createdAt: 0, finishedAt: null,
      files: [{ id: 1, fileName: longName, stage: 0, stageName: '排队中', error: '', rowsTotal: 0, rowsDone: 0, added: 0, skipped: 0, dataSetId: null }],
    });
    render(<BatchImportDialog knowledgeId={8} visible onClose={() => undefined} onChanged={() => undefined} />);
    choose(longName, '报价单.exe');

    const refused = await screen.findByTestId('batch-refused');
    expect(refused.textContent).toContain('1个文件不会导入，其余文件照常导入');
    expect(refused.textContent).toContain('报价单.exe：仅支持导入txt、md、csv、xlsx、docx、pdf文件');
    // Every chosen name is shown whole (clipped only by the width, with the name on hover).
    expect(screen.getByTitle(longName).textContent).toBe(longName);

    const start = screen.getByTestId('batch-start');
    expect(start.textContent).toContain('开始导入（1个文件）');
    fireEvent.click(start);
    await waitFor(() => expect(api.batchImport).toHaveBeenCalledTimes(1));
    const sent = api.batchImport.mock.calls[0][0] as { files: { fileName: string }[] };
    expect(sent.files.map((file) => file.fileName)).toEqual([longName]);
    // The batch's table names the file whole, with the reason for the one left out still above it.
    await screen.findByTestId('batch-files-table');
    expect(screen.getByTestId('batch-refused').textContent).toContain('报价单.exe');
  });
});
