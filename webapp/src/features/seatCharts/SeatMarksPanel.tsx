import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatMark } from '../../api/generated/seats';
import type { SeatChartFormValues } from './seatChartSchema';
import { markOf, withMarks, withoutMarks, type MarkChange } from './seatMarks';

/** How many chosen seats the panel names before it only counts them. */
const NAMED_SEATS = 12;

/**
 * What the chosen seats are marked with: a category of their own, a wheelchair space, not for
 * sale. Each control changes every chosen seat at once; the marks go with the chart.
 */
export function SeatMarksPanel({ selected, onClear }: { selected: string[]; onClear: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<SeatChartFormValues>();
  const marks = selected.map((label) => markOf(values.seats, label));
  const change = (what: MarkChange) =>
    void setFieldValue('seats', withMarks(values.seats, selected, what));
  const categories = values.categories
    .filter((category) => category.key.trim() !== '')
    .map((category) => ({
      label: category.label.trim() || category.key.trim(),
      value: category.key.trim(),
    }));
  const firstCategory = marks[0]?.categoryKey ?? null;
  const sameCategory = marks.every((mark) => mark.categoryKey === firstCategory);
  const named = selected.slice(0, NAMED_SEATS).join(', ');
  return (
    <div className="tb-seatchart-marks" role="group" aria-label={t('seatCharts.marks.chosenLabel')}>
      <p aria-live="polite">
        {selected.length > NAMED_SEATS
          ? t('seatCharts.marks.chosenMany', { seats: named, count: selected.length })
          : t('seatCharts.marks.chosen', { seats: named, count: selected.length })}
      </p>
      <div className="tb-seatchart-line">
        <div className="tb-field">
          <label htmlFor={`${id}-category`}>{t('seatCharts.marks.category')}</label>
          <Dropdown
            inputId={`${id}-category`}
            value={sameCategory ? firstCategory : null}
            options={categories}
            optionLabel="label"
            optionValue="value"
            placeholder={
              sameCategory ? t('seatCharts.marks.rowCategory') : t('seatCharts.marks.mixed')
            }
            showClear
            emptyMessage={t('common.noOptions')}
            onChange={(event) => change({ categoryKey: (event.value as string | null) ?? null })}
          />
        </div>
        <div className="tb-field tb-field-inline">
          <Checkbox
            inputId={`${id}-accessible`}
            checked={marks.every((mark) => mark.accessible)}
            onChange={(event) => change({ accessible: Boolean(event.checked) })}
          />
          <label htmlFor={`${id}-accessible`}>{t('seatCharts.marks.accessible')}</label>
        </div>
        <div className="tb-field tb-field-inline">
          <Checkbox
            inputId={`${id}-not-for-sale`}
            checked={marks.every((mark) => !mark.forSale)}
            onChange={(event) => change({ forSale: !event.checked })}
          />
          <label htmlFor={`${id}-not-for-sale`}>{t('seatCharts.marks.notForSale')}</label>
        </div>
      </div>
      <div className="tb-page-actions">
        <Button
          type="button"
          outlined
          size="small"
          icon="pi pi-eraser"
          label={t('seatCharts.marks.reset')}
          onClick={() => void setFieldValue('seats', withoutMarks(values.seats, selected))}
        />
        <Button
          type="button"
          text
          size="small"
          label={t('seatCharts.marks.clearSelection')}
          onClick={onClear}
        />
      </div>
    </div>
  );
}

function MarkErrors({ index }: { index: number }) {
  const { errors } = useFormikContext<SeatChartFormValues>();
  const messages = ['label', 'categoryKey']
    .map((field): unknown => getIn(errors, `seats.${index}.${field}`))
    .filter((message): message is string => typeof message === 'string');
  if (messages.length === 0) return null;
  return <small className="p-error">{messages.join(' ')}</small>;
}

/** Every marked seat with its marks; a mark the server refuses shows its reason here. */
export function SeatMarksTable() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeatChartFormValues>();
  if (values.seats.length === 0) return null;
  const categoryName = (mark: SeatMark) =>
    mark.categoryKey === null
      ? '–'
      : (values.categories.find((category) => category.key.trim() === mark.categoryKey)?.label ??
        mark.categoryKey);
  return (
    <table className="tb-seatchart-marks-table" aria-label={t('seatCharts.marks.title')}>
      <thead>
        <tr>
          <th scope="col">{t('seatCharts.marks.seat')}</th>
          <th scope="col">{t('seatCharts.marks.category')}</th>
          <th scope="col">{t('seatCharts.marks.accessible')}</th>
          <th scope="col">{t('seatCharts.marks.forSale')}</th>
          <th scope="col">
            <span className="tb-visually-hidden">{t('table.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {values.seats.map((mark, index) => (
          <tr key={mark.label}>
            <th scope="row">
              {mark.label}
              <MarkErrors index={index} />
            </th>
            <td>{categoryName(mark)}</td>
            <td>{mark.accessible ? t('common.yes') : t('common.no')}</td>
            <td>{mark.forSale ? t('common.yes') : t('common.no')}</td>
            <td>
              <Button
                type="button"
                text
                size="small"
                severity="danger"
                icon="pi pi-times"
                aria-label={t('seatCharts.marks.remove', { seat: mark.label })}
                onClick={() =>
                  void setFieldValue('seats', withoutMarks(values.seats, [mark.label]))
                }
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
