import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 1000];

interface PagerProps {
  /** 1-based. */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Shown as a page-size choice when given (spec: 10, 25, 50, 100, 1000). */
  pageSizeOptions?: number[];
  onPerPageChange?: (perPage: number) => void;
  /** How many number buttons: 3 for tables (default), 5 for comments. */
  links?: number;
}

/** The 1-based numbers of the (at most) three page buttons around `page`. */
export function pageWindow(page: number, pageCount: number, size = 3): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  const last = Math.min(pageCount, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * 'x - y af N resultater', then — when there is more than one page — three number buttons (or
 * `links`), with first/last buttons when there are more pages than buttons (spec 1 §9).
 */
export function Pager({
  page,
  perPage,
  total,
  onPageChange,
  pageSizeOptions,
  onPerPageChange,
  links = 3,
}: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <div className="tb-pager">
      {total > 0 && <span className="tb-pager-text">{t('table.paging', { from, to, total })}</span>}
      {pageCount > 1 && (
        <nav aria-label={t('table.pages')} className="tb-pager-pages">
          {pageCount > links && (
            <Button
              type="button"
              text
              icon="pi pi-angle-double-left"
              aria-label={t('table.firstPage')}
              disabled={page === 1}
              onClick={() => onPageChange(1)}
            />
          )}
          {pageWindow(page, pageCount, links).map((number) => (
            <Button
              key={number}
              type="button"
              text={number !== page}
              label={String(number)}
              aria-label={t('table.page', { page: number })}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPageChange(number)}
            />
          ))}
          {pageCount > links && (
            <Button
              type="button"
              text
              icon="pi pi-angle-double-right"
              aria-label={t('table.lastPage')}
              disabled={page === pageCount}
              onClick={() => onPageChange(pageCount)}
            />
          )}
        </nav>
      )}
      {pageSizeOptions && onPerPageChange && (
        <span className="tb-pager-size">
          <label htmlFor={sizeId}>{t('table.perPage')}</label>
          <select
            id={sizeId}
            className="p-inputtext p-component"
            value={perPage}
            onChange={(event) => onPerPageChange(Number(event.target.value))}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
