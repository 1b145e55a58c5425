// 看房时间 of a listing (both trades): the §3 weekday × time-of-day slots drawn as core's grid
// (`houseViewingGrid`: weekday rows × 上午/下午/晚上 columns). A cell toggles one slot, a weekday
// its row, a time of day its column; the line under the grid reads the choice as the detail
// page will (`houseViewingSlotsText`). The grid is one Tab stop: the arrow keys move between its
// buttons (heads included), Space or Enter presses one.
import { useMemo, useState, type KeyboardEvent } from 'react';
import { houseViewingGrid, houseViewingSlotsText } from '@core/wasm';
import './viewingSlots.css';

/** The slots chosen as one line (周一至周五 晚上；周六、周日 全天), or `empty` for none. */
export function viewingSlotsText(slots: number[] | undefined, empty = '未填写'): string {
  return (slots?.length ? houseViewingSlotsText(slots) : '') || empty;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export function ViewingSlotPicker({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (slots: number[]) => void;
  disabled?: boolean;
}) {
  const grid = useMemo(() => houseViewingGrid(), []);
  const chosen = new Set(value ?? []);
  const allOn = (codes: number[]) => codes.every((code) => chosen.has(code));
  const toggle = (codes: number[]) => {
    const on = !allOn(codes);
    const next = new Set(chosen);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    onChange?.([...next].sort((a, b) => a - b));
  };
  const column = (index: number) => grid.rows.map((row) => row.cells[index].value);
  const every = grid.rows.flatMap((row) => row.cells.map((cell) => cell.value));
  // The button the Tab key reaches: row 0 is the heads' row, column 0 the weekdays'.
  const [[atRow, atColumn], setAt] = useState<[number, number]>([1, 1]);
  const roving = (row: number, col: number) => ({
    tabIndex: row === atRow && col === atColumn ? 0 : -1,
    'data-pos': `${row}-${col}`,
    onFocus: () => setAt([row, col]),
  });
  const move = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    const row = Math.min(Math.max(atRow + step[0], 0), grid.rows.length);
    const col = Math.min(Math.max(atColumn + step[1], 0), grid.parts.length);
    setAt([row, col]);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-pos="${row}-${col}"]`)?.focus();
  };
  return (
    <div className="viewing-slots" data-testid="viewing-slots">
      <table role="grid" onKeyDown={move} aria-label="看房时间：方向键移动，空格键选择">
        <thead>
          <tr>
            <th>
              <button type="button" disabled={disabled} onClick={() => toggle(every)} className="viewing-slots-head" {...roving(0, 0)}>
                {allOn(every) ? '清空' : '全选'}
              </button>
            </th>
            {grid.parts.map((part, index) => (
              <th key={part}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => toggle(column(index))}
                  className="viewing-slots-head"
                  {...roving(0, index + 1)}
                >
                  {part}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row, rowIndex) => {
            const codes = row.cells.map((cell) => cell.value);
            return (
              <tr key={row.weekday}>
                <th>
                  <button type="button" disabled={disabled} onClick={() => toggle(codes)} className="viewing-slots-head" {...roving(rowIndex + 1, 0)}>
                    {row.weekday}
                  </button>
                </th>
                {row.cells.map((cell, cellIndex) => {
                  const on = chosen.has(cell.value);
                  return (
                    <td key={cell.value}>
                      <button
                        type="button"
                        role="checkbox"
                        aria-checked={on}
                        aria-label={cell.label}
                        title={cell.label}
                        disabled={disabled}
                        className={on ? 'viewing-slot on' : 'viewing-slot'}
                        onClick={() => toggle([cell.value])}
                        {...roving(rowIndex + 1, cellIndex + 1)}
                        data-testid={`viewing-slot-${cell.value}`}
                      >
                        {on ? '✓' : ''}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="viewing-slots-summary" data-testid="viewing-slots-summary">
        {viewingSlotsText(value, '未选择看房时间')}
      </div>
    </div>
  );
}
