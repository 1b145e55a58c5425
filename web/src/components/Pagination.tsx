import { Pagination as ArcoPagination } from '@arco-design/web-react';
import { pageSizes, pageTotal } from '@core/wasm';
import { TEXT } from '../config/coreData';
import './Pagination.css';

export interface PaginationProps {
  total: number;
  current: number;
  pageSize: number;
  onChange: (current: number, pageSize: number) => void;
}

/**
 * The pagination bar of spec §2: 上一页/下一页, 共N条, the §9 page sizes. It sits right under its
 * table, and stays in view at the window's bottom while a long table scrolls.
 */
export function Pagination({ total, current, pageSize, onChange }: PaginationProps) {
  return (
    <div className="pagination-bar" data-testid="pagination">
      <ArcoPagination
        total={total}
        current={current}
        pageSize={pageSize}
        sizeCanChange
        sizeOptions={pageSizes()}
        showTotal={(count: number) => pageTotal(count)}
        itemRender={(_page, type, element) => {
          if (type === 'prev') return <span className="pagination-bar__step">{TEXT.prevPage}</span>;
          if (type === 'next') return <span className="pagination-bar__step">{TEXT.nextPage}</span>;
          return element;
        }}
        onChange={onChange}
      />
    </div>
  );
}
