import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useId, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { Chart, Seat } from '../../api/generated/seats';
import { useCanAccess } from '../../shared/access';
import { seatingStates } from '../../shared/seating/seatingLines';
import { newOrderWithSeatsPath } from '../../shared/seating/seatSale';
import { SeatMap } from '../../shared/seats/SeatMap';
import {
  firstFreePlace,
  SEAT_STATES,
  standingAreaOf,
  stateOf,
  statesByLabel,
  type SeatMapState,
} from '../../shared/seats/seatModel';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import type { EventSeat, SeatSectionCount } from '../../shared/events/types';
import { useGetSeatOverviewQuery } from './eventEditorApi';
import './seatOverview.css';

/** The counted columns of a section, in the table's order. */
const COUNTS = ['seats', 'booked', 'held', 'reserved', 'released', 'channel', 'free'] as const;

/** The seats of each section by what they are, with the totals of the event in the last row. */
function SectionCountsTable({ sections }: { sections: SeatSectionCount[] }) {
  const { t } = useTranslation();
  const total = (count: (typeof COUNTS)[number]) =>
    sections.reduce((sum, section) => sum + section[count], 0);
  return (
    <table className="tb-seat-overview-counts" aria-label={t('events.seating.counts')}>
      <thead>
        <tr>
          <th scope="col">{t('events.seating.columns.section')}</th>
          {COUNTS.map((count) => (
            <th key={count} scope="col">
              {t(`events.seating.columns.${count}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sections.map((section) => (
          <tr key={section.section}>
            <th scope="row">{section.section}</th>
            {COUNTS.map((count) => (
              <td key={count}>{section[count]}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('events.seating.columns.total')}</th>
          {COUNTS.map((count) => (
            <td key={count}>{total(count)}</td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

/** Who holds a seat, named by what holds it: an order, a season ticket's holder, a channel. */
const NOTE_LABELS: Readonly<Record<string, string>> = {
  booked: 'events.seating.holder.order',
  reserved: 'events.seating.holder.seasonTicket',
  released: 'events.seating.holder.seasonTicket',
  channel: 'events.seating.holder.channel',
};

interface ChosenSeat {
  seat: Seat;
  state: SeatMapState;
  note?: string;
  /** The order a booked seat belongs to. */
  orderId?: string;
}

/** The orders module's page of an order (features link each other by URL). */
const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/**
 * The clicked seat: where it is, its category, its state and who holds it. A booked seat's note is
 * its order's number ('#1234'); 'Åbn ordre' opens that order, whose 'Pladser' moves or removes it.
 */
function SeatDetails({
  chart,
  chosen,
  canOpenOrders,
}: {
  chart: Chart;
  chosen: ChosenSeat | null;
  canOpenOrders: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!chosen) {
    return (
      <aside className="tb-seat-overview-details" aria-label={t('events.seating.details')}>
        <p className="tb-field-help">{t('events.seating.pickSeat')}</p>
      </aside>
    );
  }
  const { seat, state, note, orderId } = chosen;
  const noteLabel = NOTE_LABELS[state] ?? 'events.seating.holder.other';
  return (
    <aside className="tb-seat-overview-details" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('events.seating.seat', { label: seat.label })}</h3>
      <dl className="tb-facts">
        <dt>{t('events.seating.fields.section')}</dt>
        <dd>{seat.section}</dd>
        <dt>{t('events.seating.fields.row')}</dt>
        <dd>{seat.row}</dd>
        <dt>{t('events.seating.fields.number')}</dt>
        <dd>{seat.number}</dd>
        <dt>{t('events.seating.fields.category')}</dt>
        <dd>{categoryLabel(t, chart, seat)}</dd>
        {seat.accessible && (
          <>
            <dt>{t('events.seating.fields.accessible')}</dt>
            <dd>{t('common.yes')}</dd>
          </>
        )}
        <dt>{t('events.seating.fields.state')}</dt>
        <dd>
          {(SEAT_STATES as readonly string[]).includes(state)
            ? t(`events.seating.states.${state}`)
            : state}
        </dd>
        {note && (
          <>
            <dt>{t(noteLabel)}</dt>
            <dd>{note}</dd>
          </>
        )}
      </dl>
      {state === 'booked' && orderId && canOpenOrders && (
        <div className="tb-seat-overview-order">
          <Link
            to={orderPath(orderId)}
            className="p-button p-component p-button-outlined p-button-sm"
          >
            {t('events.seating.booking.openOrder')}
          </Link>
          <p className="tb-field-help">{t('events.seating.booking.openOrderHelp')}</p>
        </div>
      )}
    </aside>
  );
}

/** The seat's category as the chart names it. */
function categoryLabel(t: TFunction, chart: Chart, seat: Seat): string {
  const category = chart.categories.find((each) => each.key === seat.categoryKey);
  return category?.label ?? seat.categoryKey ?? t('events.seating.noCategory');
}

interface SaleListProps {
  chart: Chart;
  seats: readonly Seat[];
  onRemove: (seat: Seat) => void;
  onCreateOrder: () => void;
}

/** Sales mode: the chosen seats with their count, each with a red cross, and 'Opret ordre'. */
function SaleList({ chart, seats, onRemove, onCreateOrder }: SaleListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className="tb-seat-overview-details" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('events.seating.sales.chosen', { count: seats.length })}</h3>
      {seats.length === 0 ? (
        <p className="tb-field-help">{t('events.seating.sales.pickSeats')}</p>
      ) : (
        <ul className="tb-seat-overview-sale" aria-labelledby={titleId}>
          {seats.map((seat) => (
            <li key={seat.label}>
              <span className="tb-seat-overview-sale-seat">{seat.label}</span>
              <span className="tb-seat-overview-sale-where">
                {seat.section} · {categoryLabel(t, chart, seat)}
              </span>
              <Button
                type="button"
                text
                rounded
                size="small"
                severity="danger"
                icon="pi pi-times"
                aria-label={t('events.seating.sales.remove', { seat: seat.label })}
                onClick={() => onRemove(seat)}
              />
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        icon="pi pi-shopping-cart"
        label={t('events.seating.sales.createOrder')}
        disabled={seats.length === 0}
        onClick={onCreateOrder}
      />
    </aside>
  );
}

/** What the seating manager does: shows what is booked, or sells seats to a customer. */
type SeatingMode = 'booking' | 'sales';

/**
 * Planoversigt (tab 30) of a saved event with seating: its chart, the counts per section with the
 * event's totals, and the seating manager in one of two modes (spec 2 §2). Booking: every seat in
 * its state's colour; a clicked seat shows its details and who holds it, a booked one its order
 * ('Åbn ordre'). Sales (with the orders module): free seats clicked are chosen for a customer, a
 * standing area clicked chooses its first free place (one more each click), and 'Opret ordre'
 * opens a new order with a seat-ticket line per seat, which books them on its save.
 * 'Genindlæs' reads it all again.
 */
export function SeatOverviewTab({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpenOrders = useCanAccess('read', 'orders');
  const canSell = useCanAccess('manage', 'orders');
  // Seats sell while the editor is open: opening the tab reads them afresh.
  const query = useGetSeatOverviewQuery(eventId, { refetchOnMountOrArgChange: true });
  const overview = query.data;
  const [mode, setMode] = useState<SeatingMode>('booking');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [forSale, setForSale] = useState<string[]>([]);
  /** The standing area that had no free place left when clicked. */
  const [fullArea, setFullArea] = useState<string | null>(null);
  const states = useMemo(() => statesByLabel(overview?.states ?? []), [overview]);
  const seatsByLabel = useMemo(
    () => new Map<string, EventSeat>((overview?.states ?? []).map((seat) => [seat.label, seat])),
    [overview],
  );
  // The details follow the latest read: after 'Genindlæs' they show the seat as it is now.
  const chosenSeat = overview?.chart.seats.find((seat) => seat.label === chosenLabel);
  const chosenState = chosenSeat && seatsByLabel.get(chosenSeat.label);
  const chosen: ChosenSeat | null = chosenSeat
    ? {
        seat: chosenSeat,
        state: states.get(chosenSeat.label) ?? 'free',
        note: chosenState?.note,
        orderId: chosenState?.orderId,
      }
    : null;

  // The sale as the map draws it (pick mode): a season ticket's released seat is for sale, as in
  // the order's seating dialog; a chosen seat that the latest read no longer has free drops out.
  const saleStates = useMemo(
    () => seatingStates(overview?.states ?? [], [], eventId, null),
    [overview, eventId],
  );
  const saleSeats = useMemo(() => {
    const byLabel = new Map((overview?.chart.seats ?? []).map((seat) => [seat.label, seat]));
    return forSale.flatMap((label) => {
      const seat = byLabel.get(label);
      return seat && stateOf(saleStates, label) === 'free' ? [seat] : [];
    });
  }, [overview, forSale, saleStates]);
  const drawnForSale = useMemo(() => {
    const drawn = new Map(saleStates);
    for (const seat of saleSeats) drawn.set(seat.label, 'mine');
    return drawn;
  }, [saleStates, saleSeats]);

  const toggleForSale = (seat: Seat) => {
    setFullArea(null);
    setForSale((current) =>
      current.includes(seat.label)
        ? current.filter((label) => label !== seat.label)
        : [...current, seat.label],
    );
  };
  const addAreaPlace = (section: string) => {
    const area = overview && standingAreaOf(overview.chart, section);
    const place = area && firstFreePlace(area, drawnForSale);
    if (!place) {
      setFullArea(section);
      return;
    }
    setFullArea(null);
    setForSale((current) => (current.includes(place.label) ? current : [...current, place.label]));
  };
  const selling = canSell && mode === 'sales';

  const modes = [
    { label: t('events.seating.modes.booking'), value: 'booking' },
    { label: t('events.seating.modes.sales'), value: 'sales' },
  ];
  const actions = (
    <div className="tb-seat-overview-actions">
      {canSell && (
        <SelectButton
          value={mode}
          options={modes}
          allowEmpty={false}
          aria-label={t('events.seating.modes.label')}
          onChange={(change) => {
            setMode(change.value as SeatingMode);
            setFullArea(null);
          }}
        />
      )}
      <Button
        type="button"
        outlined
        icon="pi pi-refresh"
        label={t('events.seating.reload')}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      />
    </div>
  );

  if (query.isLoading) return <Preloader label={t('common.loading')} />;
  if (!overview) {
    return (
      <Section title={t('events.seating.title')} actions={actions}>
        <Alert severity="error">
          {apiErrorMessage(query.error) ?? t('events.seating.loadFailed')}
        </Alert>
      </Section>
    );
  }
  return (
    <div className="tb-stack">
      <Section title={t('events.seating.title')} actions={actions}>
        {query.isError && (
          <Alert severity="error">
            {apiErrorMessage(query.error) ?? t('events.seating.loadFailed')}
          </Alert>
        )}
        {selling && fullArea && (
          <Alert severity="error">{t('events.seating.sales.areaFull', { area: fullArea })}</Alert>
        )}
        {selling ? (
          <div className="tb-seat-overview">
            <SeatMap
              chart={overview.chart}
              states={drawnForSale}
              mode="pick"
              label={overview.chart.name}
              onToggle={toggleForSale}
              onAreaClick={addAreaPlace}
            />
            <SaleList
              chart={overview.chart}
              seats={saleSeats}
              onRemove={toggleForSale}
              onCreateOrder={() =>
                void navigate(
                  newOrderWithSeatsPath({
                    eventId,
                    seats: saleSeats.map((seat) => seat.label),
                  }),
                )
              }
            />
          </div>
        ) : (
          <div className="tb-seat-overview">
            <SeatMap
              chart={overview.chart}
              states={states}
              mode="overview"
              sectionCounts={false}
              label={overview.chart.name}
              onSeatClick={(seat) => setChosenLabel(seat.label)}
            />
            <SeatDetails chart={overview.chart} chosen={chosen} canOpenOrders={canOpenOrders} />
          </div>
        )}
      </Section>
      <Section title={t('events.seating.counts')}>
        <SectionCountsTable sections={overview.sections} />
      </Section>
    </div>
  );
}
