import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

describe('Pagination bar (spec §2, §9)', () => {
  it('labels the steps 上一页/下一页 and shows the total as 共N条', () => {
    render(<Pagination total={86} current={1} pageSize={10} onChange={() => undefined} />);
    expect(screen.getByText('上一页')).toBeTruthy();
    expect(screen.getByText('下一页')).toBeTruthy();
    expect(screen.getByText('共86条')).toBeTruthy();
  });
});
