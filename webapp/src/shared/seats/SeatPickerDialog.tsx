import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert';
import { Preloader } from '../ui/Preloader';
import { SeatMap } from './SeatMap';
import { areaCounts, standingAreaOf, type PickedSeat } from './seatModel';
import { useSeatHolds, type SeatHolds } from './useSeatHolds';

export interface SeatPickerDialogProps {
  visible: boolean;
  eventId: string;
  /** How many seats to pick: the line's amount. */
  count: number;
  /** The chart categories that may be picked (the product's); every category when not given. */
  categories?: readonly string[];
  /** The price per category key (øre), shown in the legend. */
  prices?: Readonly<Record<string, number>>;
  /** The session the seats below are held with; null or not given: a new session. */
  holdToken?: string | null;
  /** The labels already picked with `holdToken` (re-opening keeps them). */
  seats?: readonly string[];
  /** Names what the seats are for in the header ('Vælg pladser – Voksen'). */
  title?: string;
  /** Exactly `count` seats, held with `holdToken`. */
  onConfirm: (seats: PickedSeat[], holdToken: string) => void;
  /** Closed without confirming: what was picked since opening is given back. */
  onCancel: () => void;
}

const NO_SEATS: readonly string[] = [];

/**
 * The seat picker (issue 16; spec 3 §2 "Seating modal", §5): a dialog over the event's seat map
 * in which the buyer picks `count` seats, each held as it is picked. It shows how many are left
 * to pick, how long they are held, why a pick was refused, and 'Kunne ikke indlæse
 * pladsvælgeren!' when the map cannot be had; 'Bekræft' waits for exactly `count` seats. A
 * standing area clicked on the map opens a panel under it that takes places there one at a time.
 */
export function SeatPickerDialog({ visible, ...picker }: SeatPickerDialogProps) {
  // The hold session lives while the dialog is open: each opening starts from the props.
  return visible ? <OpenSeatPicker {...picker} /> : null;
}

type OpenSeatPickerProps = Omit<SeatPickerDialogProps, 'visible'>;

function OpenSeatPicker({
  title,
  eventId,
  count,
  categories,
  prices,
  holdToken = null,
  seats = NO_SEATS,
  onConfirm,
  onCancel,
}: OpenSeatPickerProps) {
  const { t } = useTranslation();
  const holds = useSeatHolds({
    eventId,
    initialToken: holdToken,
    initialSeats: seats,
    count,
    categories,
  });
  const { map, selected } = holds;
  const left = count - selected.length;
  /** The standing area whose panel is open. */
  const [area, setArea] = useState<string | null>(null);
  const chosen = useMemo(
    () =>
      selected
        .map((seat) =>
          t('seats.picker.seatInSection', { label: seat.label, section: seat.section }),
        )
        .join(', '),
    [selected, t],
  );

  function cancel() {
    void holds.revert();
    onCancel();
  }

  const header = title ? t('seats.picker.titleFor', { title }) : t('seats.picker.title');
  return (
    <Dialog
      header={header}
      visible
      onHide={cancel}
      ariaCloseIconLabel={t('common.close')}
      className="tb-seat-picker-dialog"
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '100vw' }}
    >
      <div className="tb-seat-picker">
        <p className="tb-seat-picker-status">
          <span>
            {left > 0
              ? t('seats.picker.left', { count: left })
              : left < 0
                ? t('seats.picker.tooManyPicked', { count: -left })
                : t('seats.picker.allPicked', { count })}
          </span>
          {holds.countdown && (
            <span role="timer">{t('seats.picker.heldFor', { time: holds.countdown })}</span>
          )}
        </p>
        {holds.message && <Alert severity="error">{holds.message}</Alert>}
        {holds.loadFailed ? (
          <Alert severity="error">{t('seats.picker.loadFailed')}</Alert>
        ) : map ? (
          <SeatMap
            chart={map.chart}
            states={holds.states}
            mode="pick"
            categories={categories}
            prices={prices}
            onToggle={holds.toggle}
            onAreaClick={(section) => {
              holds.touch();
              setArea(section);
            }}
            onActivity={holds.touch}
          />
        ) : (
          <Preloader label={t('seats.picker.loading')} />
        )}
        {map && area && (
          <AreaPanel section={area} holds={holds} canTakeMore={left > 0} categories={categories} />
        )}
        {selected.length > 0 && (
          <p className="tb-seat-picker-chosen">{t('seats.picker.chosen', { seats: chosen })}</p>
        )}
        <div className="tb-form-actions">
          <Button type="button" outlined label={t('seats.picker.cancel')} onClick={cancel} />
          <Button
            type="button"
            icon="pi pi-check"
            label={t('seats.picker.confirm')}
            disabled={left !== 0 || holds.busy || !holds.holdToken}
            onClick={() => {
              if (holds.holdToken) onConfirm(selected, holds.holdToken);
            }}
          />
        </div>
      </div>
    </Dialog>
  );
}

interface AreaPanelProps {
  section: string;
  holds: SeatHolds;
  /** The line has room for another place. */
  canTakeMore: boolean;
  categories?: readonly string[];
}

/** A standing area's places for this session: how many, one more, one fewer. */
function AreaPanel({ section, holds, canTakeMore, categories }: AreaPanelProps) {
  const { t } = useTranslation();
  const area = holds.map && standingAreaOf(holds.map.chart, section);
  if (!area) return null;
  const { free, mine } = areaCounts(area, holds.states, categories);
  return (
    <section className="tb-seat-area-panel" aria-label={section}>
      <h3>{section}</h3>
      <p aria-live="polite">
        <span>{t('seats.picker.areaHeld', { count: mine })}</span>
        <span className="tb-seatmap-count">{t('seats.picker.areaFree', { count: free })}</span>
      </p>
      <div className="tb-seat-area-stepper">
        <Button
          type="button"
          icon="pi pi-minus"
          rounded
          outlined
          aria-label={t('seats.picker.areaFewer', { section })}
          disabled={mine === 0}
          onClick={() => holds.releaseArea(section, 1)}
        />
        <span className="tb-seat-area-count" aria-hidden="true">
          {mine}
        </span>
        <Button
          type="button"
          icon="pi pi-plus"
          rounded
          outlined
          aria-label={t('seats.picker.areaMore', { section })}
          disabled={!canTakeMore || free === 0}
          onClick={() => holds.holdArea(section, 1)}
        />
      </div>
    </section>
  );
}
