import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { CheckboxField, DateField, SelectField, TextField } from '../../shared/ui/FormFields';
import {
  useGetParentSeasonsQuery,
  useGetSeasonQuery,
  useGetSeasonSeatChartsQuery,
  useSaveSeasonMutation,
} from './orderSetupApi';
import { SeasonSeating } from './SeasonSeating';
import {
  seasonFormValues,
  seasonPayload,
  seasonSchema,
  type SeasonFormValues,
} from './seasonSchema';

/** The seat channels of a season: rows that belong to an event keep their chart (spec 3 §4). */
function SeasonSeats() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeasonFormValues>();
  const charts = useGetSeasonSeatChartsQuery().data ?? [];
  const chartOptions = charts.map((chart) => ({ label: chart.name, value: chart.key }));
  return (
    <FieldArray name="seats">
      {(rows) => (
        <div className="tb-stack">
          <h2>{t('orderSetup.seasons.seats')}</h2>
          {values.seats.map((seat, index) => (
            <fieldset key={index} className="tb-form-grid">
              <legend>{t('orderSetup.seasons.seat', { number: index + 1 })}</legend>
              <TextField name={`seats.${index}.name`} label={t('orderSetup.fields.name')} />
              <SelectField
                name={`seats.${index}.chartId`}
                label={t('orderSetup.fields.chart')}
                options={chartOptions}
                disabled={Boolean(seat.eventId)}
              />
              <Button
                type="button"
                text
                severity="danger"
                icon="pi pi-trash"
                label={t('common.remove')}
                onClick={() => rows.remove(index)}
              />
            </fieldset>
          ))}
          <div>
            <Button
              type="button"
              outlined
              icon="pi pi-plus"
              label={t('orderSetup.seasons.addSeat')}
              onClick={() => rows.push({ chartId: null, eventId: null, name: '' })}
            />
          </div>
        </div>
      )}
    </FieldArray>
  );
}

/** 'Kun reservationer' hides the parent choice and a chosen parent hides 'Kun reservationer'. */
function SeasonFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeasonFormValues>();
  const { id } = useParams();
  const parents = (useGetParentSeasonsQuery().data ?? []).filter((parent) => parent.id !== id);
  return (
    <div className="tb-form-grid">
      <TextField name="title" label={t('orderSetup.fields.title')} />
      <DateField name="startDate" label={t('orderSetup.fields.startDate')} />
      <DateField name="endDate" label={t('orderSetup.fields.endDate')} />
      {!values.parentId && (
        <CheckboxField name="reservations" label={t('orderSetup.fields.reservations')} />
      )}
      {!values.reservations && (
        <SelectField
          name="parentId"
          label={t('orderSetup.fields.parent')}
          options={parents.map((parent) => ({ label: parent.title, value: parent.id }))}
          showClear
        />
      )}
      <CheckboxField name="inactive" label={t('orderSetup.fields.inactive')} />
    </div>
  );
}

/**
 * /orders/seasons/{id} ('create' = new). A saved season seated on a chart also shows its season
 * tickets and sales channels.
 */
export function SeasonPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetSeasonQuery(id, { skip: isNew });
  const [save] = useSaveSeasonMutation();
  const season = isNew ? undefined : query.data;
  const initialValues = useMemo(() => seasonFormValues(season), [season]);
  const schema = useMemo(() => seasonSchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/orders/seasons"
      title={isNew ? t('orderSetup.seasons.createTitle') : (season?.title ?? '')}
      label={t('orderSetup.seasons.editorTitle')}
      load={query}
      loaded={Boolean(season)}
      initialValues={initialValues}
      schema={schema}
      save={(values) => save(seasonPayload(isNew ? null : id, values, season)).unwrap()}
      createdMessage={t('orderSetup.seasons.created')}
      savedMessage={t('orderSetup.seasons.saved')}
    >
      {() => (
        <div className="tb-stack">
          <SeasonFields />
          <SeasonSeats />
          {season && <SeasonSeating seasonId={id} season={season} />}
        </div>
      )}
    </EditorPage>
  );
}
