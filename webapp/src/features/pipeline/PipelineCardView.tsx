import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { useId, useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../shared/ui/Money';
import { columnLabel } from './pipelineColumns';
import { SALES_COLUMNS, type PipelineCard, type SalesColumn } from './types';

interface PipelineCardViewProps {
  card: PipelineCard;
  /** The Salg column the card is in; set only where it may be moved (manage rights, Salg tab). */
  movableFrom?: SalesColumn;
  moving: boolean;
  onMove: (to: SalesColumn) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}

/**
 * A contract on the board (spec 3 §2): company (or 'Ingen virksomhed') linking to the contract,
 * category, amount, invoice tags and number; where it may be moved, it drags and has 'Flyt til …'.
 */
export function PipelineCardView({
  card,
  movableFrom,
  moving,
  onMove,
  onDragStart,
  onDragEnd,
}: PipelineCardViewProps) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const menuId = useId();
  const movable = movableFrom !== undefined;
  const number = card.contractNumber;

  const targets: MenuItem[] = SALES_COLUMNS.filter((column) => column !== movableFrom).map(
    (column) => ({ label: columnLabel(t, column), command: () => onMove(column) }),
  );

  const startDrag = (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only when it carries data.
    event.dataTransfer.setData('text/plain', card.id);
    onDragStart();
  };

  return (
    <article
      className={moving ? 'tb-pipeline-card tb-pipeline-card-moving' : 'tb-pipeline-card'}
      aria-label={t('pipeline.card.label', { number })}
      aria-busy={moving || undefined}
      draggable={movable && !moving}
      onDragStart={movable ? startDrag : undefined}
      onDragEnd={movable ? onDragEnd : undefined}
    >
      <div className="tb-pipeline-card-head">
        <Link to={`/orders/contracts/${card.id}`} className="tb-pipeline-card-company">
          {card.company || t('pipeline.card.noCompany')}
        </Link>
        {movable && (
          <>
            <Menu model={targets} popup ref={menu} id={menuId} />
            <Button
              type="button"
              text
              rounded
              size="small"
              icon="pi pi-arrow-right-arrow-left"
              aria-label={t('pipeline.card.moveLabel', { number })}
              title={t('pipeline.card.move')}
              aria-haspopup="menu"
              aria-controls={menuId}
              loading={moving}
              onClick={(event) => menu.current?.toggle(event)}
            />
          </>
        )}
      </div>
      {card.category && <div className="tb-pipeline-card-category">{card.category}</div>}
      <div className="tb-pipeline-card-amount">
        <Money value={card.amount} ore currencyCode />
      </div>
      <div className="tb-pipeline-card-foot">
        <span className="tb-pipeline-card-number">#{number}</span>
        {card.invoices > 0 && (
          <span className="tb-pipeline-card-tags">
            <Tag
              severity="info"
              className="tb-badge"
              value={t('pipeline.card.invoiced', { invoices: card.invoices })}
            />
            <Tag
              severity={card.invoicesPaid >= card.invoices ? 'success' : 'warning'}
              className="tb-badge"
              value={t('pipeline.card.paid', { paid: card.invoicesPaid, invoices: card.invoices })}
            />
          </span>
        )}
      </div>
    </article>
  );
}
