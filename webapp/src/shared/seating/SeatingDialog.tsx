import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { Seat } from '../../api/generated/seats';
import { DATE_TIME_PATTERN, dateToDay, formatDate } from '../format';
import type { OrderLine } from '../orderLines/types';
import { SeatMap } from '../seats/SeatMap';
import {
  firstFreePlace,
  isStandingPlace,
  stateOf,
  standingAreaOf,
  type SeatMapState,
} from '../seats/seatModel';
import { Alert } from '../ui/Alert';
import { useTimeZone } from '../ui/DateTime';
import { Money } from '../ui/Money';
import { Preloader } from '../ui/Preloader';
import {
  useGetSeatingEventsQuery,
  useGetSeatingMapQuery,
  useLazyGetSeatProductsQuery,
  type SeatProduct,
} from './seatingApi';
import {
  copyAt,
  isSeatAt,
  lineAt,
  seatingEvents,
  seatingStates,
  seatLineOf,
  type SeatingEvent,
} from './seatingLines';
import { SeatingProductDialog } from './SeatingProductDialog';
import './seating.css';
import { RemoveButton } from '../ui/RemoveButton';

export interface SeatingDialogProps {
  visible: boolean;
  /** The entity's seat-ticket lines at events (`isSeatingLine`): what the dialog starts from. */
  lines: readonly OrderLine[];
  /**
   * The note the staff's seat map gives the seats this entity booked ('#1001'): such a seat that
   * no edited line holds is free again on saving. Null when the entity is not saved.
   */
  bookingNote: string | null;
  /** 'Gem': the edited lines, to replace every seating line of the entity. */
  onSave: (lines: OrderLine[]) => void;
  /** 'Fortryd' or closed: the edits are discarded. */
  onCancel: () => void;
}

/**
 * The seating modal (issue 16; spec 3 §2 "Seating modal", §4 "Seat picking per selected event"):
 * on the left the chosen event's seat chart (events from 'Fra', today by default, to 'Til', none
 * by default); on the right, in 2/5 of the width, the edited seat-ticket lines by event. A free
 * seat clicked adds a line (its product asked for when the category has several), a chosen seat
 * clicked or its red cross removes it, 'Kopier' also takes the seat at the chosen event and
 * 'Flyt' moves it there. A standing area clicked adds a line for its first free place, one more
 * each click; a line's standing place is copied or moved to any free place of the same area.
 * Nothing reaches the entity before 'Gem'.
 */
export function SeatingDialog({ visible, ...dialog }: SeatingDialogProps) {
  // The edits live while the dialog is open: each opening starts from the entity's lines.
  return visible ? <OpenSeatingDialog {...dialog} /> : null;
}

interface PendingSeat {
  seat: Seat;
  event: SeatingEvent;
  products: SeatProduct[];
}

function OpenSeatingDialog({
  lines,
  bookingNote,
  onSave,
  onCancel,
}: Omit<SeatingDialogProps, 'visible'>) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const ids = { from: useId(), to: useId(), event: useId(), lines: useId() };
  const [edited, setEdited] = useState<OrderLine[]>(() => [...lines]);
  const [from, setFrom] = useState(() => dateToDay(new Date()));
  const [to, setTo] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSeat | null>(null);
  const [loadProducts] = useLazyGetSeatProductsQuery();

  const eventsQuery = useGetSeatingEventsQuery();
  const events = useMemo(
    () => seatingEvents(eventsQuery.data ?? [], from || null, to || null),
    [eventsQuery.data, from, to],
  );
  const event = events.find((candidate) => candidate.id === chosenId) ?? events[0] ?? null;
  const mapQuery = useGetSeatingMapQuery(event?.id ?? skipToken);
  const overview = event ? mapQuery.currentData : undefined;
  const states = useMemo<ReadonlyMap<string, SeatMapState>>(
    () =>
      overview && event ? seatingStates(overview.states, edited, event.id, bookingNote) : new Map(),
    [overview, event, edited, bookingNote],
  );
  const noProduct = t('seating.messages.noProduct');

  function add(product: SeatProduct, seat: Seat, at: SeatingEvent) {
    setEdited((current) =>
      current.some((line) => isSeatAt(line, at.id, seat.label))
        ? current
        : [...current, seatLineOf(product, seat, at)],
    );
  }

  async function pick(seat: Seat) {
    if (!event || !overview) return;
    setMessage(null);
    if (stateOf(states, seat.label) === 'mine') {
      setEdited((current) => current.filter((line) => !isSeatAt(line, event.id, seat.label)));
      return;
    }
    if (!seat.categoryKey) {
      setMessage(noProduct);
      return;
    }
    try {
      const products = await loadProducts(
        { chartId: overview.chart.key, category: seat.categoryKey },
        true,
      ).unwrap();
      const [only] = products;
      if (!only) setMessage(noProduct);
      else if (products.length === 1) add(only, seat, event);
      else setPending({ seat, event, products });
    } catch (error) {
      setMessage(apiErrorMessage(error) ?? t('seating.messages.productsFailed'));
    }
  }

  /** A standing area clicked: one more of its places, as if its first free place were clicked. */
  function pickInArea(section: string) {
    if (!overview) return;
    const area = standingAreaOf(overview.chart, section);
    const place = area && firstFreePlace(area, states);
    if (place) void pick(place);
    else setMessage(t('seating.messages.areaFull', { area: section }));
  }

  /**
   * Where the line's seat goes on the chosen event's chart: the same seat when it is free there,
   * or for a standing place any free place of its area; else says why not.
   */
  function freeHere(line: OrderLine): Seat | null {
    if (!event || !overview) return null;
    const seat = overview.chart.seats.find((candidate) => candidate.label === line.seat);
    const area = seat && isStandingPlace(seat) && standingAreaOf(overview.chart, seat.section);
    if (area) {
      const place = firstFreePlace(area, states);
      if (place) return place;
      setMessage(t('seating.messages.areaFull', { area: area.section }));
      return null;
    }
    if (seat && stateOf(states, seat.label) === 'free') return seat;
    setMessage(t('seating.messages.notFree', { seat: line.seat ?? '', event: event.title }));
    return null;
  }

  function copy(line: OrderLine) {
    setMessage(null);
    const seat = freeHere(line);
    if (seat && event) setEdited((current) => [...current, copyAt(line, event, seat)]);
  }

  function move(line: OrderLine) {
    setMessage(null);
    const seat = freeHere(line);
    if (seat && event) {
      setEdited((current) =>
        current.map((candidate) =>
          candidate.id === line.id ? lineAt(candidate, event, seat) : candidate,
        ),
      );
    }
  }

  function remove(line: OrderLine) {
    setMessage(null);
    setEdited((current) => current.filter((candidate) => candidate.id !== line.id));
  }

  const groups = useMemo(() => {
    const byEvent = new Map<string, { title: string; lines: OrderLine[] }>();
    for (const line of edited) {
      const key = line.seatEventId ?? '';
      const group = byEvent.get(key);
      if (group) group.lines.push(line);
      else {
        const title =
          line.seatEvent || events.find((candidate) => candidate.id === key)?.title || key;
        byEvent.set(key, { title, lines: [line] });
      }
    }
    return [...byEvent].map(([eventId, group]) => ({ eventId, ...group }));
  }, [edited, events]);

  const eventLabel = (candidate: SeatingEvent) =>
    t('seating.events.option', {
      title: candidate.title,
      date: formatDate(candidate.startDate, DATE_TIME_PATTERN, timeZone),
    });

  let chart;
  if (eventsQuery.isError) {
    chart = <Alert severity="error">{t('seating.events.loadFailed')}</Alert>;
  } else if (!eventsQuery.data) {
    chart = <Preloader label={t('seating.events.loading')} />;
  } else if (!event) {
    chart = <Alert severity="info">{t('seating.events.none')}</Alert>;
  } else if (overview) {
    chart = (
      <SeatMap
        chart={overview.chart}
        states={states}
        mode="pick"
        onToggle={(seat) => void pick(seat)}
        onAreaClick={pickInArea}
        label={t('seating.chart.label', { event: event.title })}
      />
    );
  } else if (mapQuery.isError && !mapQuery.isFetching) {
    chart = <Alert severity="error">{t('seating.chart.loadFailed')}</Alert>;
  } else {
    chart = <Preloader label={t('seating.chart.loading')} />;
  }

  const canPlaceHere = (line: OrderLine) =>
    Boolean(event && overview) && line.seatEventId !== event?.id;

  return (
    <Dialog
      header={t('seating.title')}
      visible
      onHide={onCancel}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '90vw' }}
      footer={
        <div className="tb-form-actions">
          <Button type="button" outlined label={t('seating.cancel')} onClick={onCancel} />
          <Button
            type="button"
            icon="pi pi-check"
            label={t('seating.save')}
            onClick={() => onSave(edited)}
          />
        </div>
      }
    >
      <div className="tb-seating">
        <div className="tb-seating-chart">
          <div className="tb-filters">
            <div className="tb-filter">
              <label htmlFor={ids.from}>{t('seating.events.from')}</label>
              <input
                id={ids.from}
                type="date"
                className="p-inputtext p-component"
                value={from}
                onChange={(change) => setFrom(change.target.value)}
              />
            </div>
            <div className="tb-filter">
              <label htmlFor={ids.to}>{t('seating.events.to')}</label>
              <input
                id={ids.to}
                type="date"
                className="p-inputtext p-component"
                value={to}
                onChange={(change) => setTo(change.target.value)}
              />
            </div>
            <div className="tb-filter tb-seating-event">
              <label htmlFor={ids.event}>{t('seating.events.label')}</label>
              <Dropdown
                inputId={ids.event}
                value={event?.id ?? null}
                options={events.map((candidate) => ({
                  label: eventLabel(candidate),
                  value: candidate.id,
                }))}
                optionLabel="label"
                optionValue="value"
                placeholder={t('seating.events.placeholder')}
                emptyMessage={t('seating.events.none')}
                filter={events.length > 10}
                onChange={(change) => {
                  setChosenId(change.value as string);
                  setMessage(null);
                }}
              />
            </div>
          </div>
          {message && <Alert severity="error">{message}</Alert>}
          {chart}
        </div>
        <section className="tb-seating-lines" aria-labelledby={ids.lines}>
          <h3 id={ids.lines}>{t('seating.lines.title', { count: edited.length })}</h3>
          {groups.length === 0 && <p>{t('seating.lines.empty')}</p>}
          {groups.map((group) => (
            <SeatingLineGroup
              key={group.eventId}
              title={group.title}
              lines={group.lines}
              canPlaceHere={canPlaceHere}
              onCopy={copy}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </section>
      </div>
      <SeatingProductDialog
        seat={pending?.seat.label ?? null}
        products={pending?.products ?? []}
        onChoose={(product) => {
          if (pending) add(product, pending.seat, pending.event);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </Dialog>
  );
}

interface SeatingLineGroupProps {
  title: string;
  lines: OrderLine[];
  /** 'Kopier' and 'Flyt' apply: a chosen event's chart is shown and the line is at another. */
  canPlaceHere: (line: OrderLine) => boolean;
  onCopy: (line: OrderLine) => void;
  onMove: (line: OrderLine) => void;
  onRemove: (line: OrderLine) => void;
}

/** The edited lines at one event: seat, product, price, 'Kopier', 'Flyt' and the red cross. */
function SeatingLineGroup({
  title,
  lines,
  canPlaceHere,
  onCopy,
  onMove,
  onRemove,
}: SeatingLineGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="tb-seating-group">
      <h4 id={headingId}>{title}</h4>
      <ul aria-labelledby={headingId}>
        {lines.map((line) => {
          const names = { seat: line.seat ?? '', event: title };
          const here = canPlaceHere(line);
          return (
            <li key={line.id}>
              <span className="tb-seating-seat">{line.seat}</span>
              <span className="tb-seating-product">{line.title}</span>
              <Money value={line.price} ore currencyCode />
              <span className="tb-row-actions">
                <Button
                  type="button"
                  text
                  size="small"
                  label={t('seating.lines.copy')}
                  aria-label={t('seating.lines.copyLabel', names)}
                  disabled={!here}
                  onClick={() => onCopy(line)}
                />
                <Button
                  type="button"
                  text
                  size="small"
                  label={t('seating.lines.move')}
                  aria-label={t('seating.lines.moveLabel', names)}
                  disabled={!here}
                  onClick={() => onMove(line)}
                />
                <RemoveButton
                  label={null}
                  rounded
                  aria-label={t('seating.lines.removeLabel', names)}
                  onClick={() => onRemove(line)}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
