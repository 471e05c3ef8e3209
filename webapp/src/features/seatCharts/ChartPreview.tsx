import { useFormikContext, type FormikErrors } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import type { Seat } from '../../api/generated/seats';
import { SeatMap } from '../../shared/seats/SeatMap';
import type { SeatMapState } from '../../shared/seats/seatModel';
import { Alert } from '../../shared/ui/Alert';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Section } from '../../shared/ui/Section';
import { formFieldOf, touchedWith, type PreviewErrors } from './previewErrors';
import {
  layoutSchema,
  markedSeatExists,
  previewInput,
  type SeatChartFormValues,
} from './seatChartSchema';
import { seatRange } from './seatMarks';
import { SeatMarksPanel, SeatMarksTable } from './SeatMarksPanel';
import { usePreviewSeatChartQuery } from './seatChartsApi';
import { useDebouncedValue } from '../../shared/useDebouncedValue';

/** How long the form must rest before the server lays it out again. */
export const PREVIEW_DELAY_MS = 400;

interface ChartPreviewProps {
  /** The name a chart without one yet is previewed under. */
  standIn: string;
  errors: PreviewErrors;
}

/**
 * The chart as the server lays it out (curves included), asked again whenever the form has rested
 * and passes its own checks; the server's errors land on their fields. Seats are chosen by click
 * (shift-click: the seats between in the same row) and marked in the panel under the map.
 */
export function ChartPreview({ standIn, errors }: ChartPreviewProps) {
  const { t } = useTranslation();
  const { values, touched, setTouched, setFieldValue } = useFormikContext<SeatChartFormValues>();
  const debounced = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const schema = useMemo(() => layoutSchema(t), [t]);
  const ready = useMemo(() => schema.isValidSync(debounced), [schema, debounced]);
  const input = useMemo(() => previewInput(debounced, standIn), [debounced, standIn]);
  const preview = usePreviewSeatChartQuery(input, { skip: !ready });
  const chart = values.sections.length > 0 ? preview.data : undefined;
  const [selected, setSelected] = useState<string[]>([]);
  const anchor = useRef<string | null>(null);
  const shift = useRef(false);

  // The server's verdict on the input it was asked about: its errors on their fields.
  const argsKey = preview.originalArgs ? JSON.stringify(preview.originalArgs) : '';
  const previewError = preview.isError ? preview.error : undefined;
  const fieldErrors = isApiError(previewError) ? previewError.errors : undefined;
  const fieldOf = useMemo(() => formFieldOf(preview.originalArgs), [preview.originalArgs]);
  const { remember } = errors;
  useEffect(() => {
    if (!argsKey || preview.isFetching) return;
    let found: FormikErrors<SeatChartFormValues> = {};
    applyServerErrors<SeatChartFormValues>(
      (server) => {
        found = server;
      },
      previewError,
      fieldOf,
    );
    if (!remember(argsKey, found)) return;
    void setTouched(touchedWith(touched, Object.keys(fieldErrors ?? {}).map(fieldOf)), true);
  }, [
    argsKey,
    preview.isFetching,
    previewError,
    fieldErrors,
    fieldOf,
    remember,
    touched,
    setTouched,
  ]);

  // A mark belongs to a seat: when its row is gone or shorter, the mark goes too.
  useEffect(() => {
    const kept = values.seats.filter((mark) => markedSeatExists(values.sections, mark.label));
    if (kept.length !== values.seats.length) void setFieldValue('seats', kept);
  }, [values.sections, values.seats, setFieldValue]);

  // A standing area's places have no numbers to choose, so they take no marks one by one.
  const labels = useMemo(
    () => new Set(chart?.seats.filter((seat) => !seat.generalAdmission).map((seat) => seat.label)),
    [chart],
  );
  const chosen = useMemo(() => selected.filter((label) => labels.has(label)), [selected, labels]);
  const states = useMemo(() => {
    const map = new Map<string, SeatMapState>();
    for (const mark of values.seats) if (!mark.forSale) map.set(mark.label, 'notForSale');
    for (const label of chosen) map.set(label, 'mine');
    return map;
  }, [values.seats, chosen]);

  const choose = useCallback(
    (seat: Seat) => {
      if (!chart || seat.generalAdmission) return;
      if (shift.current && anchor.current) {
        const range = seatRange(chart, anchor.current, seat.label);
        setSelected((before) => [...before, ...range.filter((label) => !before.includes(label))]);
      } else {
        setSelected((before) =>
          before.includes(seat.label)
            ? before.filter((label) => label !== seat.label)
            : [...before, seat.label],
        );
      }
      anchor.current = seat.label;
    },
    [chart],
  );

  const failed = ready && preview.isError && !preview.isFetching;
  const stale = Boolean(chart) && (!ready || failed);
  return (
    <Section title={t('seatCharts.preview.title')}>
      <div className="tb-stack">
        {failed && (
          <Alert severity="warn">
            {fieldErrors
              ? t('seatCharts.preview.fix')
              : (apiErrorMessage(previewError) ?? t('seatCharts.preview.failed'))}
          </Alert>
        )}
        {!chart && !failed && (
          <p className="tb-field-help">
            {ready && preview.isFetching ? t('common.loading') : t('seatCharts.preview.empty')}
          </p>
        )}
        {chart && (
          <>
            <p className="tb-field-help">
              {stale ? t('seatCharts.preview.stale') : t('seatCharts.preview.help')}
            </p>
            <div
              className="tb-seatchart-map"
              aria-busy={preview.isFetching}
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
                mode="overview"
                onSeatClick={choose}
                label={t('seatCharts.preview.map')}
              />
            </div>
          </>
        )}
        {chosen.length > 0 && <SeatMarksPanel selected={chosen} onClear={() => setSelected([])} />}
        <SeatMarksTable />
      </div>
    </Section>
  );
}
