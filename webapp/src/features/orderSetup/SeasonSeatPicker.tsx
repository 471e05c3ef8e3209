import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, Seat } from '../../api/generated/seats';
import { SeatMap } from '../../shared/seats/SeatMap';
import { firstFreePlace, standingAreaOf, type SeatMapState } from '../../shared/seats/seatModel';
import { Alert } from '../../shared/ui/Alert';
import { seatsBetween } from './seasonSeating';

interface SeasonSeatPickerProps {
  chart: Chart;
  /** The seats that cannot be picked, in the state they show (reserved, channel, not for sale). */
  taken: ReadonlyMap<string, SeatMapState>;
  /** The picked seats' labels. */
  picked: readonly string[];
  onChange: (picked: string[]) => void;
  /** Several seats, a shift-click adding (or removing) a row's seats from the last one clicked. */
  multiple?: boolean;
  /** The map's accessible name. */
  label: string;
  error?: string;
}

/**
 * Seats of the season's chart picked on the map: a click picks a free seat or gives a picked one
 * back, and a standing area clicked picks its first free place. One seat replaces the other
 * unless `multiple`.
 */
export function SeasonSeatPicker({
  chart,
  taken,
  picked,
  onChange,
  multiple = false,
  label,
  error,
}: SeasonSeatPickerProps) {
  const { t } = useTranslation();
  // The map tells only which seat: the shift key is read from the click (or key) on its way down.
  const shift = useRef(false);
  const anchor = useRef<Seat | null>(null);
  /** The standing area that had no free place left when clicked. */
  const [fullArea, setFullArea] = useState<string | null>(null);
  const states = useMemo(() => {
    const all = new Map(taken);
    for (const labelOfSeat of picked) all.set(labelOfSeat, 'mine');
    return all;
  }, [taken, picked]);

  const toggle = (seat: Seat) => {
    setFullArea(null);
    const isPicked = picked.includes(seat.label);
    if (!multiple) {
      onChange(isPicked ? [] : [seat.label]);
      return;
    }
    const from = shift.current ? anchor.current : null;
    anchor.current = seat;
    const range = (from ? seatsBetween(chart, from, seat) : [seat])
      .map((each) => each.label)
      .filter((each) => !taken.has(each));
    onChange(
      isPicked
        ? picked.filter((each) => !range.includes(each))
        : [...picked, ...range.filter((each) => !picked.includes(each))],
    );
  };

  const pickInArea = (section: string) => {
    const area = standingAreaOf(chart, section);
    const place = area && firstFreePlace(area, states);
    if (!place) {
      setFullArea(section);
      return;
    }
    setFullArea(null);
    onChange(multiple ? [...picked, place.label] : [place.label]);
  };

  return (
    <div
      className="tb-field"
      onClickCapture={(event) => {
        shift.current = event.shiftKey;
      }}
      onKeyDownCapture={(event) => {
        shift.current = event.shiftKey;
      }}
    >
      <SeatMap
        chart={chart}
        states={states}
        mode="pick"
        onToggle={toggle}
        onAreaClick={pickInArea}
        label={label}
      />
      {fullArea && (
        <Alert severity="error">{t('orderSetup.seating.areaFull', { area: fullArea })}</Alert>
      )}
      <p aria-live="polite">
        {picked.length === 0
          ? t('orderSetup.seating.none')
          : t('orderSetup.seating.picked', { count: picked.length, seats: picked.join(', ') })}
      </p>
      {multiple && <small className="tb-field-help">{t('orderSetup.seating.rangeHelp')}</small>}
      {error && <small className="p-error">{error}</small>}
    </div>
  );
}
