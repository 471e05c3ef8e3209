import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Numbering } from '../../api/generated/seats';
import { DecimalField, SelectField, TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { ListError } from './ListError';
import {
  emptyRow,
  emptySection,
  MAX_AREA_CAPACITY,
  MAX_ROW_SEATS,
  MAX_SECTION_ROWS,
  nextRowLabels,
  withStandingArea,
  type SeatChartFormValues,
} from './seatChartSchema';

function useCategoryOptions() {
  const { values } = useFormikContext<SeatChartFormValues>();
  return values.categories
    .filter((category) => category.key.trim() !== '')
    .map((category) => ({
      label: category.label.trim() || category.key.trim(),
      value: category.key.trim(),
    }));
}

/** 'Tilføj rækker': `count` rows of `seats` seats, named by the section's initial ('N1', 'N2' …). */
function AddRows({ sectionIndex, sectionLabel }: { sectionIndex: number; sectionLabel: string }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeatChartFormValues>();
  const id = useId();
  const [count, setCount] = useState('5');
  const [seats, setSeats] = useState('10');
  const rows = values.sections[sectionIndex]?.rows ?? [];
  const wanted = Number(count);
  const perRow = Number(seats);
  const valid =
    /^\d+$/.test(count) &&
    /^\d+$/.test(seats) &&
    wanted >= 1 &&
    rows.length + wanted <= MAX_SECTION_ROWS &&
    perRow >= 1 &&
    perRow <= MAX_ROW_SEATS;
  const add = () => {
    if (!valid) return;
    const labels = nextRowLabels(values.sections, sectionIndex, wanted);
    void setFieldValue(`sections.${sectionIndex}.rows`, [
      ...rows,
      ...labels.map((label) => ({ ...emptyRow(label), seats: String(perRow) })),
    ]);
  };
  // Enter adds the rows here instead of saving the chart.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div
      role="group"
      aria-label={t('seatCharts.designer.addRowsFor', { section: sectionLabel })}
      className="tb-seatchart-add-rows"
    >
      <div className="tb-field">
        <label htmlFor={`${id}-count`}>{t('seatCharts.designer.rowCount')}</label>
        <InputText
          id={`${id}-count`}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value.trim())}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="tb-field">
        <label htmlFor={`${id}-seats`}>{t('seatCharts.designer.seatsPerRow')}</label>
        <InputText
          id={`${id}-seats`}
          inputMode="numeric"
          value={seats}
          onChange={(event) => setSeats(event.target.value.trim())}
          onKeyDown={onKeyDown}
        />
      </div>
      <Button
        type="button"
        outlined
        icon="pi pi-plus"
        label={t('seatCharts.designer.addRows')}
        disabled={!valid}
        onClick={add}
      />
    </div>
  );
}

/** A section's rows: name, seats, numbering, curve and a category of their own. */
function RowsFields({
  sectionIndex,
  sectionLabel,
}: {
  sectionIndex: number;
  sectionLabel: string;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeatChartFormValues>();
  const categories = useCategoryOptions();
  const numbering: { label: string; value: Numbering }[] = [
    { label: t('seatCharts.numbering.leftToRight'), value: 'leftToRight' },
    { label: t('seatCharts.numbering.rightToLeft'), value: 'rightToLeft' },
  ];
  const name = `sections.${sectionIndex}.rows`;
  const rows = values.sections[sectionIndex]?.rows ?? [];
  return (
    <FieldArray name={name}>
      {(helpers) => (
        <div className="tb-stack">
          <h3 className="tb-seatchart-subtitle">{t('seatCharts.designer.rows')}</h3>
          {rows.map((_row, index) => {
            const legend = t('seatCharts.designer.row', { number: index + 1 });
            return (
              <fieldset key={index} className="tb-seatchart-line tb-seatchart-row">
                <legend className="tb-visually-hidden">{legend}</legend>
                <TextField
                  name={`${name}.${index}.label`}
                  label={t('seatCharts.fields.rowLabel')}
                />
                <TextField
                  name={`${name}.${index}.seats`}
                  label={t('seatCharts.fields.seats')}
                  inputMode="numeric"
                />
                <SelectField
                  name={`${name}.${index}.numbering`}
                  label={t('seatCharts.fields.numbering')}
                  options={numbering}
                />
                <DecimalField
                  name={`${name}.${index}.curve`}
                  label={t('seatCharts.fields.curve')}
                />
                <SelectField
                  name={`${name}.${index}.categoryKey`}
                  label={t('seatCharts.fields.category')}
                  options={categories}
                  placeholder={t('seatCharts.designer.sectionCategory')}
                  showClear
                />
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('seatCharts.designer.removeLabel', {
                    what: `${legend} (${sectionLabel})`,
                  })}
                  onClick={() => helpers.remove(index)}
                />
              </fieldset>
            );
          })}
          <ListError name={name} />
          <div className="tb-seatchart-row-actions">
            <Button
              type="button"
              text
              icon="pi pi-plus"
              label={t('seatCharts.designer.addRow')}
              aria-label={t('seatCharts.designer.addRowTo', { section: sectionLabel })}
              disabled={rows.length >= MAX_SECTION_ROWS}
              onClick={() =>
                helpers.push(emptyRow(nextRowLabels(values.sections, sectionIndex, 1)[0]))
              }
            />
            <AddRows sectionIndex={sectionIndex} sectionLabel={sectionLabel} />
          </div>
        </div>
      )}
    </FieldArray>
  );
}

/** 'Ståområde': the section becomes one area of unnumbered places, or numbered rows again. */
function StandingAreaToggle({ sectionIndex }: { sectionIndex: number }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeatChartFormValues>();
  const id = useId();
  const section = values.sections[sectionIndex];
  if (!section) return null;
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox
        inputId={id}
        checked={Boolean(section.generalAdmission)}
        onChange={(event) =>
          void setFieldValue(
            `sections.${sectionIndex}`,
            withStandingArea(section, Boolean(event.checked)),
          )
        }
      />
      <label htmlFor={id}>{t('seatCharts.fields.standingArea')}</label>
    </div>
  );
}

/**
 * A standing area: the code its places are named by and how many there are. They are the
 * section's one row (its label and seat count), as the server takes them.
 */
function AreaFields({ sectionIndex }: { sectionIndex: number }) {
  const { t } = useTranslation();
  const row = `sections.${sectionIndex}.rows.0`;
  return (
    <div className="tb-stack">
      <h3 className="tb-seatchart-subtitle">{t('seatCharts.designer.standingArea')}</h3>
      <p className="tb-field-help">{t('seatCharts.designer.standingAreaHelp')}</p>
      <div className="tb-seatchart-line tb-seatchart-row">
        <TextField name={`${row}.label`} label={t('seatCharts.fields.areaCode')} />
        <TextField
          name={`${row}.seats`}
          label={t('seatCharts.fields.capacity')}
          inputMode="numeric"
          help={t('seatCharts.designer.capacityHelp', { max: MAX_AREA_CAPACITY })}
        />
      </div>
    </div>
  );
}

/** The chart's sections, side by side in the chart: rows front to back, or one standing area. */
export function SectionsFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeatChartFormValues>();
  const categories = useCategoryOptions();
  return (
    <FieldArray name="sections">
      {(sections) => (
        <Section
          title={t('seatCharts.designer.sections')}
          actions={
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-plus"
              label={t('seatCharts.designer.addSection')}
              onClick={() => sections.push(emptySection())}
            />
          }
        >
          <p className="tb-field-help">{t('seatCharts.designer.sectionsHelp')}</p>
          <ListError name="sections" />
          <div className="tb-stack">
            {values.sections.map((section, index) => {
              const legend = t('seatCharts.designer.section', { number: index + 1 });
              return (
                <fieldset key={index} className="tb-seatchart-section">
                  <legend>{legend}</legend>
                  <div className="tb-seatchart-line">
                    <TextField
                      name={`sections.${index}.name`}
                      label={t('seatCharts.fields.sectionName')}
                    />
                    <SelectField
                      name={`sections.${index}.categoryKey`}
                      label={t('seatCharts.fields.sectionCategory')}
                      options={categories}
                      placeholder={t('seatCharts.designer.noCategory')}
                      showClear
                    />
                    <Button
                      type="button"
                      text
                      severity="danger"
                      icon="pi pi-trash"
                      aria-label={t('seatCharts.designer.removeLabel', { what: legend })}
                      onClick={() => sections.remove(index)}
                    />
                  </div>
                  <div className="tb-seatchart-line">
                    <TextField name={`sections.${index}.x`} label={t('seatCharts.fields.x')} />
                    <TextField name={`sections.${index}.y`} label={t('seatCharts.fields.y')} />
                    <TextField
                      name={`sections.${index}.rotation`}
                      label={t('seatCharts.fields.rotation')}
                    />
                  </div>
                  <StandingAreaToggle sectionIndex={index} />
                  {section.generalAdmission ? (
                    <AreaFields sectionIndex={index} />
                  ) : (
                    <RowsFields sectionIndex={index} sectionLabel={legend} />
                  )}
                </fieldset>
              );
            })}
          </div>
        </Section>
      )}
    </FieldArray>
  );
}
