import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { PipelineCardView } from './PipelineCardView';
import { useGetPipelineQuery } from './pipelineApi';
import { columnLabel } from './pipelineColumns';
import { usePipelineMove } from './usePipelineMove';
import { SALES_COLUMNS, type PipelineCard, type PipelineKind, type SalesColumn } from './types';

interface PipelineBoardViewProps {
  kind: PipelineKind;
  columns: readonly string[];
  userId?: string;
  /** Column totals with VAT (the club's prices include it) or without. */
  pricesWithVat: boolean;
  /** Cards of the Salg board may be moved between its columns (manage rights on 'orders'). */
  canMove: boolean;
}

function isSalesColumn(column: string): column is SalesColumn {
  return (SALES_COLUMNS as readonly string[]).includes(column);
}

interface Dragged {
  card: PipelineCard;
  from: SalesColumn;
}

/**
 * One board: its columns in order, each with label, count and total, and its cards. On the Salg
 * board a card may be dragged to another column (or moved with its menu, which the keyboard
 * reaches).
 */
export function PipelineBoardView({
  kind,
  columns,
  userId,
  pricesWithVat,
  canMove,
}: PipelineBoardViewProps) {
  const { t } = useTranslation();
  const board = useGetPipelineQuery({ kind, userId });
  const { move, movingId } = usePipelineMove();
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const movable = canMove && kind === 'sales';

  if (board.isLoading) return <Preloader label={t('common.loading')} />;
  if (board.isError) {
    return (
      <Alert severity="error">
        {apiErrorMessage(board.error) ?? t('pipeline.messages.loadFailed')}
      </Alert>
    );
  }

  const accepts = (column: string) =>
    dragged !== null && isSalesColumn(column) && column !== dragged.from;

  const dragOver = (column: string) => (event: DragEvent) => {
    if (!accepts(column)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(column);
  };

  // Moving over the column's own cards is no leaving.
  const leave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
  };

  const drop = (column: string) => (event: DragEvent) => {
    event.preventDefault();
    const moved = dragged;
    setDragged(null);
    setOver(null);
    if (moved && isSalesColumn(column) && column !== moved.from) void move(moved.card, column);
  };

  return (
    <div className="tb-pipeline-board">
      {columns.map((column) => {
        const data = board.data?.[column];
        const label = columnLabel(t, column);
        const cards = data?.contracts ?? [];
        const total = pricesWithVat ? (data?.total ?? 0) : (data?.totalSubtotal ?? 0);
        const salesColumn = movable && isSalesColumn(column) ? column : undefined;
        return (
          <section
            key={column}
            className={
              over === column ? 'tb-pipeline-column tb-pipeline-column-over' : 'tb-pipeline-column'
            }
            aria-label={t('pipeline.column.label', { label })}
            onDragOver={movable ? dragOver(column) : undefined}
            onDragLeave={movable ? leave : undefined}
            onDrop={movable ? drop(column) : undefined}
          >
            <header className="tb-pipeline-column-head">
              <h2>{label}</h2>
              <span className="tb-pipeline-column-count">
                {t('pipeline.column.count', { count: data?.count ?? cards.length })}
              </span>
              <span className="tb-pipeline-column-total">
                <span className="tb-visually-hidden">{t('pipeline.column.total')} </span>
                <Money value={total} ore currencyCode />
              </span>
            </header>
            {cards.length === 0 ? (
              <p className="tb-pipeline-empty">{t('pipeline.column.empty')}</p>
            ) : (
              <ul className="tb-pipeline-cards">
                {cards.map((card) => (
                  <li key={card.id}>
                    <PipelineCardView
                      card={card}
                      movableFrom={salesColumn}
                      moving={movingId === card.id}
                      onMove={(to) => void move(card, to)}
                      onDragStart={() => salesColumn && setDragged({ card, from: salesColumn })}
                      onDragEnd={() => {
                        setDragged(null);
                        setOver(null);
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
