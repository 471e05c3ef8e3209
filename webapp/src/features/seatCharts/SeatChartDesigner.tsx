import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { TextField } from '../../shared/ui/FormFields';
import { CategoriesFields } from './CategoriesFields';
import { ChartPreview } from './ChartPreview';
import { SEAT_CHARTS_PATH } from './paths';
import { formFieldOf, usePreviewErrors, withFormFields } from './previewErrors';
import { chartInput, seatChartFormValues, seatChartSchema } from './seatChartSchema';
import { useCreateSeatChartMutation } from './seatChartsApi';
import { SectionsFields } from './SectionsFields';
import './seatCharts.css';

/** A new chart is not loaded from anywhere. */
const NOTHING_TO_LOAD = { isLoading: false, isError: false, refetch: () => undefined };

/**
 * /events/seat-charts/create: the seat chart designer (issue 16). Name, categories, sections of
 * rows; the server's layout in the preview beside them, where single seats are marked. 'Gem'
 * saves and opens the saved chart.
 */
export function SeatChartDesigner() {
  const { t } = useTranslation();
  const [create] = useCreateSeatChartMutation();
  const schema = useMemo(() => seatChartSchema(t), [t]);
  const initialValues = useMemo(() => seatChartFormValues(), []);
  const standIn = t('seatCharts.preview.standInName');
  const previewErrors = usePreviewErrors(standIn);
  const created = t('seatCharts.designer.created');
  return (
    <EditorPage
      id={NEW_ID}
      basePath={SEAT_CHARTS_PATH}
      title={t('seatCharts.designer.title')}
      label={t('seatCharts.designer.label')}
      load={NOTHING_TO_LOAD}
      loaded
      initialValues={initialValues}
      schema={schema}
      validate={previewErrors.validate}
      save={async (values) => {
        const input = chartInput(values);
        try {
          return await create(input).unwrap();
        } catch (error) {
          // The editor puts a 422 on the fields it names; a standing area's are not the server's.
          throw withFormFields(error, formFieldOf(input));
        }
      }}
      createdMessage={created}
      savedMessage={created}
    >
      {() => (
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
      )}
    </EditorPage>
  );
}
