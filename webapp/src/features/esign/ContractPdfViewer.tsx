import { Button } from 'primereact/button';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { Preloader } from '../../shared/ui/Preloader';

// pdf.js parses in a worker; Vite emits the worker of the installed pdfjs-dist as an asset.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

/** Pages are drawn as wide as the page's column, and never wider than this. */
const MAX_PAGE_WIDTH = 900;

function useWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth || undefined);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface ContractPdfViewerProps {
  /** The PDF's (object) URL. */
  file: string;
  /** pdf.js could not read the file. */
  onError: () => void;
}

/** The contract's PDF one page at a time, with back/forward and 'side / total' (spec 3 §2). */
export function ContractPdfViewer({ file, onError }: ContractPdfViewerProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const width = useWidth(area);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);

  return (
    <div className="tb-esign-viewer">
      <div className="tb-esign-pager" role="group" aria-label={t('esign.pages')}>
        <Button
          type="button"
          outlined
          icon="pi pi-chevron-left"
          aria-label={t('esign.previous')}
          disabled={page <= 1}
          onClick={() => setPage((current) => Math.max(1, current - 1))}
        />
        <span aria-live="polite">{t('esign.pageOf', { page: pages ? page : 0, pages })}</span>
        <Button
          type="button"
          outlined
          icon="pi pi-chevron-right"
          aria-label={t('esign.next')}
          disabled={page >= pages}
          onClick={() => setPage((current) => Math.min(pages, current + 1))}
        />
      </div>
      <div ref={area} className="tb-esign-document">
        <Document
          file={file}
          onLoadSuccess={({ numPages }) => {
            setPages(numPages);
            // A signed copy may have another number of pages.
            setPage((current) => Math.min(Math.max(1, current), numPages));
          }}
          onLoadError={onError}
          loading={<Preloader label={t('common.loading')} />}
          error=""
          noData=""
        >
          <Page
            pageNumber={page}
            width={width ? Math.min(width, MAX_PAGE_WIDTH) : undefined}
            loading={<Preloader label={t('common.loading')} />}
            error=""
          />
        </Document>
      </div>
    </div>
  );
}
