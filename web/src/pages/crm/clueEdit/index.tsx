import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, Message, Progress, Select, Space, Table, Tag } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { clueExampleSkipped, clueReadRows, clueTemplateColumns, type ClueCheckedRow } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { clueApi, type CheckedLine, type ImportJob, type ImportStart, type RowResult } from '../../../api/crm/clue';
import { saveFile } from '../../../api/ai/logs';
import { enumText } from '../../../components/enums';
import { fieldLabel, today } from '../../../components/form/coreForm';
import { useRead } from '../../../api/useRead';
import { usePermissions } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';

/** One line of the table: what core's check said before saving, what the import did after. */
interface Line {
  line: number;
  values: Record<string, string>;
  errors: { field: string; message: string }[];
  /** The template's example row: shown, never saved. */
  example: boolean;
  result?: RowResult;
}


function lineOf(row: ClueCheckedRow | CheckedLine): Line {
  return { line: row.line, values: row.values, errors: row.errors, example: row.example };
}

const OUTCOME_COLOR: Record<string, string> = { added: 'green', invalid: 'red', duplicate: 'orange', repeated: 'gray' };

/** The rows a spreadsheet file holds as text: UTF-8, else GBK (Excel's Chinese CSV). */
function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

function base64Of(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

function errorText(line: Line): string {
  return line.errors.map((error) => `${fieldLabel('clue', error.field)}：${error.message}`).join('；');
}

/**
 * 批量添加线索 (/work/crm/clue/edit): rows pasted from a spreadsheet or a CSV/XLSX file of the
 * downloadable template, every row checked by core's lead form with its errors beside it before
 * anything is saved; the valid rows saved in one go by the server, which reports every row (added,
 * a duplicate by phone within the company's scope, or imported before) while a bar shows how far
 * it is.
 */
export default function ClueBatch({ route }: PageProps) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const poolPath = relatedPath(table, route, 'crm/clue');
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; content: string } | undefined>();
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState('');
  const [job, setJob] = useState<ImportJob | undefined>();
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  // The rows on screen were sent: 保存 waits until they change.
  const [sent, setSent] = useState(false);
  const [assigneeId, setAssigneeId] = useState<number | undefined>();
  const picker = useRef<HTMLInputElement>(null);
  const columns = clueTemplateColumns();
  // A manager (分配 on 线索池) may hand the batch to a colleague; an agent's batch is theirs.
  // What the server does follows the grant itself, not the directive (which keeps buttons on
  // local hosts, spec §6), so the note says where the rows will really go.
  const assigns = usePermissions(poolPath ?? '/work/crm/clue').grants('assign');
  const assignees = useRead(() => (assigns ? clueApi.assignees() : Promise.resolve([])), assigns);

  /** Core's check of pasted or CSV text: every row with its faults. */
  const check = (source: string) => {
    setJob(undefined);
    setSent(false);
    try {
      const rows: ClueCheckedRow[] = clueReadRows(source, today());
      setLines(rows.map(lineOf));
      setProblem('');
    } catch (error) {
      setLines([]);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    const bytes = await chosen.arrayBuffer();
    const content = base64Of(bytes);
    setFile({ name: chosen.name, content });
    setText('');
    setSent(false);
    if (/\.csv$/i.test(chosen.name)) {
      check(decodeCsv(bytes));
      return;
    }
    // The browser has no spreadsheet reader: the server reads the XLSX and checks its rows by
    // the same core form, nothing saved, for the same table before 保存.
    setLines([]);
    setProblem('');
    setJob(undefined);
    setChecking(true);
    const checked = await clueApi.importCheck({ fileName: chosen.name, content }).catch(() => undefined);
    setChecking(false);
    if (!checked) return;
    if (isApiFailure(checked)) {
      setProblem(checked.message);
      return;
    }
    setLines(checked.map(lineOf));
  };

  /** The import as the server last told it; once done, each row's result beside the row. */
  const follow = (next: ImportJob) => {
    setJob(next);
    if (next.state !== 'done') return;
    const byLine = new Map(next.results.map((result) => [result.line, result]));
    setLines((old) => old.map((line) => ({ ...line, result: byLine.get(line.line) })));
    Message.success(`导入完成：新增${next.added}条`);
  };

  // While the server works through the rows, it is asked how far it is.
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const timer = setTimeout(() => {
      void clueApi.importProgress(job.id).then(follow);
    }, 400);
    return () => clearTimeout(timer);
  }, [job]);

  const valid = lines.filter((line) => line.errors.length === 0 && !line.example).length;
  const save = async () => {
    const rows: Partial<ImportStart> = file ? { fileName: file.name, content: file.content } : { text };
    setSaving(true);
    const started = await clueApi.importStart({ ...rows, assigneeId }).catch(() => undefined);
    setSaving(false);
    if (!started) return;
    if (isApiFailure(started)) {
      setProblem(started.message);
      return;
    }
    setSent(true);
    follow(started);
  };

  const downloadTemplate = async () => {
    const blob = await clueApi.template();
    if (blob instanceof Blob) saveFile(blob, '线索导入模板.xlsx');
  };

  const running = job?.state === 'running';
  const percent = job && job.total > 0 ? Math.round((job.processed * 100) / job.total) : 0;

  return (
    <div className="page-card" data-testid="clue-batch" style={{ padding: 16 }}>
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Alert
          type="info"
          content={`从表格复制粘贴，或上传按模板填写的CSV/XLSX文件（列：${columns.join('、')}），每次最多10000行；模板中的示例行不会导入。保存前逐行检查，只保存没有错误的行；同一文件再次上传不会重复添加。`}
        />
        <Space wrap>
          <Button icon={<IconDownload />} onClick={downloadTemplate} data-testid="clue-template">
            下载模板
          </Button>
          <Button icon={<IconUpload />} onClick={() => picker.current?.click()} data-testid="clue-file-button">
            上传文件
          </Button>
          <input
            ref={picker}
            type="file"
            accept=".csv,.xlsx"
            style={{ display: 'none' }}
            aria-label="上传文件"
            data-testid="clue-file"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {file && <Tag data-testid="clue-file-name">{file.name}</Tag>}
          {poolPath && (
            <Button type="text" onClick={() => nav.push(poolPath)}>
              返回线索池
            </Button>
          )}
        </Space>
        <Input.TextArea
          value={text}
          onChange={(value) => {
            setText(value);
            setFile(undefined);
            setSent(false);
          }}
          autoSize={{ minRows: 5, maxRows: 10 }}
          placeholder={`在此粘贴表格中的行，每行一条线索，列之间用制表符或逗号分隔，例如：\n${columns.join('\t')}\n张先生\t13800001234\t男\t二手房购买\t西湖区\t300\t周末看房`}
          aria-label="粘贴线索"
          data-testid="clue-paste"
        />
        <Space wrap>
          {assigns ? (
            <Select
              allowClear
              showSearch
              style={{ width: 220 }}
              placeholder="跟进人：不选则进入线索池"
              value={assigneeId}
              onChange={(value?: number) => setAssigneeId(value)}
              options={(assignees.data ?? []).map((person) => ({
                label: person.storeName ? `${person.name}（${person.storeName}）` : person.name,
                value: person.id,
              }))}
              aria-label="跟进人"
              data-testid="clue-assignee"
            />
          ) : (
            <span style={{ color: 'var(--color-text-2)' }} data-testid="clue-mine-note">
              导入的线索由您跟进
            </span>
          )}
          <Button onClick={() => check(text)} disabled={!text.trim()} data-testid="clue-check">
            检查数据
          </Button>
          <Button
            type="primary"
            loading={saving || running}
            disabled={sent || checking || valid === 0}
            onClick={save}
            data-testid="clue-save"
          >
            {checking ? '正在检查…' : `保存有效行（${valid}条）`}
          </Button>
        </Space>
        {problem && <Alert type="error" content={problem} data-testid="clue-problem" />}
        {job && (
          <div data-testid="clue-progress">
            <Progress percent={job.state === 'done' ? 100 : percent} status={job.state === 'failed' ? 'error' : undefined} />
            <div style={{ color: 'var(--color-text-2)', marginTop: 4 }} data-testid="clue-summary">
              {job.state === 'running' && `正在处理：${job.processed}/${job.total}行`}
              {job.state === 'done' &&
                `共${job.total}行：新增${job.added}条，错误${job.invalid}条，重复${job.duplicate}条，已导入过${job.repeated}条` +
                  (job.skipped > 0 ? `，示例行${job.skipped}行已跳过` : '')}
              {job.state === 'failed' && `导入失败：${job.message}`}
            </div>
          </div>
        )}
        {lines.length > 0 && !job && (
          <div style={{ color: 'var(--color-text-2)' }} data-testid="clue-check-note">
            检查数据只核对每行的格式；电话是否与已有客户或线索重复，保存时逐行告知。
          </div>
        )}
        {lines.length > 0 && (
          <Table<Line>
            rowKey="line"
            data={lines}
            pagination={{ pageSize: 50, sizeCanChange: false }}
            border={{ wrapper: true, cell: false }}
            scroll={{ x: 900 }}
            data-testid="clue-rows"
            columns={[
              { title: '行', dataIndex: 'line', width: 60 },
              { title: '姓名', dataIndex: 'values.name', width: 100, render: (_: unknown, line: Line) => line.values.name || '—' },
              { title: '联系电话', dataIndex: 'values.phone', width: 130, render: (_: unknown, line: Line) => line.values.phone || '—' },
              { title: '性别', dataIndex: 'values.sex', width: 70, render: (_: unknown, line: Line) => enumText('sex', line.values.sex) },
              {
                title: '需求类型',
                dataIndex: 'values.demand',
                width: 100,
                render: (_: unknown, line: Line) => enumText('customerDemand', line.values.demand),
              },
              { title: '意向区域', dataIndex: 'values.area', width: 100, render: (_: unknown, line: Line) => line.values.area || '—' },
              { title: '预算', dataIndex: 'values.budget', width: 90, render: (_: unknown, line: Line) => line.values.budget || '—' },
              {
                title: '检查结果',
                dataIndex: 'errors',
                render: (_: unknown, line: Line) => {
                  if (line.result) {
                    const outcome = line.result.outcome;
                    return (
                      <span data-testid={`clue-row-${line.line}`}>
                        <Tag size="small" color={OUTCOME_COLOR[outcome]}>
                          {enumText('clueImportOutcome', outcome)}
                        </Tag>{' '}
                        {outcome === 'invalid' ? errorText(line) : outcome === 'added' ? '' : line.result.message}
                      </span>
                    );
                  }
                  if (line.example) {
                    return (
                      <span style={{ color: 'var(--color-text-3)' }} data-testid={`clue-row-${line.line}`}>
                        {clueExampleSkipped()}
                      </span>
                    );
                  }
                  return line.errors.length > 0 ? (
                    <span style={{ color: 'rgb(var(--danger-6))' }} data-testid={`clue-row-${line.line}`}>
                      {errorText(line)}
                    </span>
                  ) : (
                    <span style={{ color: 'rgb(var(--success-6))' }} data-testid={`clue-row-${line.line}`}>
                      格式正确
                    </span>
                  );
                },
              },
            ]}
          />
        )}
      </Space>
    </div>
  );
}
