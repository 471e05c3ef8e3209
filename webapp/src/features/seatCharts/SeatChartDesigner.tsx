import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChartDesign } from '../../api/generated/seats';
import { Alert } from '../../shared/ui/Alert';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { TextField } from '../../shared/ui/FormFields';
import { CategoriesFields } from './CategoriesFields';
import { ChartPreview } from './ChartPreview';
import { SEAT_CHARTS_PATH } from './paths';
import { formFieldOf, usePreviewErrors, withFormFields } from './previewErrors';
import {
  chartFormValues,
  chartInput,
  seatChartFormValues,
  seatChartSchema,
} from './seatChartSchema';
import { useCreateSeatChartMutation, useUpdateSeatChartMutation } from './seatChartsApi';
import { SectionsFields } from './SectionsFields';
import './seatCharts.css';

/** A new chart is not loaded from anywhere. */
const NOTHING_TO_LOAD = { isLoading: false, isError: false, refetch: () => undefined };

/** A saved chart to edit: its id and the query of its design (`useGetSeatChartDesignQuery`). */
export interface SavedChart {
  id: string;
  design: {
    data?: ChartDesign;
    isLoading: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
}

/** What uses the chart, so that a person knows why some seats cannot be removed. */
function ChartInUse({ design }: { design: ChartDesign }) {
  const { t } = useTranslation();
  const texts = [
    ...(design.usedBy.length > 0
      ? [t('seatCharts.edit.usedBy', { names: design.usedBy.map((use) => use.name).join(', ') })]
      : []),
    ...(design.seatsInUse.length > 0
      ? [t('seatCharts.edit.seatsInUse', { count: design.seatsInUse.length })]
      : []),
  ];
  return texts.length > 0 ? <Alert severity="info">{texts.join(' ')}</Alert> : null;
}

/** A chart made before the designer kept its input: there is nothing to edit it from. */
function DesignNotKept({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('seatCharts.edit.title')}</h1>
      </div>
      <Alert severity="warn">{t('seatCharts.edit.notKept')}</Alert>
      <Link to={`${SEAT_CHARTS_PATH}/${encodeURIComponent(id)}`}>{t('common.back')}</Link>
    </section>
  );
}

/**
 * The seat chart designer (issue 16): /events/seat-charts/create, or /events/seat-charts/{id}/edit
 * with a `saved` chart, whose design fills the form. Name, categories, sections of rows; the
 * server's layout in the preview beside them, where single seats are marked. 'Gem' creates and
 * opens the new chart, or saves the chart and stays (the server refuses to remove seats or
 * categories in use, on the lists' own fields).
 */
export function SeatChartDesigner({ saved }: { saved?: SavedChart }) {
  const { t } = useTranslation();
  const [create] = useCreateSeatChartMutation();
  const [update] = useUpdateSeatChartMutation();
  const schema = useMemo(() => seatChartSchema(t), [t]);
  const design = saved?.design.data;
  const initialValues = useMemo(
    () => (design?.input ? chartFormValues(design.input) : seatChartFormValues()),
    [design],
  );
  const standIn = t('seatCharts.preview.standInName');
  const previewErrors = usePreviewErrors(standIn);
  if (saved && design && !design.input) return <DesignNotKept id={saved.id} />;
  const created = t('seatCharts.designer.created');
  return (
    <EditorPage
      id={saved?.id ?? NEW_ID}
      basePath={SEAT_CHARTS_PATH}
      title={saved ? t('seatCharts.edit.title') : t('seatCharts.designer.title')}
      label={t('seatCharts.designer.label')}
      load={saved?.design ?? NOTHING_TO_LOAD}
      loaded={!saved || Boolean(design)}
      initialValues={initialValues}
      schema={schema}
      validate={previewErrors.validate}
      save={async (values) => {
        const input = chartInput(values);
        try {
          if (!saved) return await create(input).unwrap();
          await update({ id: saved.id, input }).unwrap();
          return saved.id;
        } catch (error) {
          // The editor puts a 422 on the fields it names; a standing area's are not the server's.
          throw withFormFields(error, formFieldOf(input));
        }
      }}
      createdMessage={created}
      savedMessage={saved ? t('seatCharts.edit.saved') : created}
    >
      {() => (
        <div className="tb-stack">
          {design && <ChartInUse design={design} />}
          <div className="tb-seatchart-designer">
            <div className="tb-stack">
              <div className="tb-form-grid">
                <TextField name="name" label={t('seatCharts.fields.name')} />
              </div>
              <CategoriesFields />
              <SectionsFields />
            </div>
            <ChartPreview standIn={standIn} errors={previewErrors} />
          </div>
        </div>
      )}
    </EditorPage>
  );
}
