import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { formatOre } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';

/** 'Forrige år', the year, 'Næste år'. */
export function YearStepper({
  year,
  onChange,
}: {
  year: number;
  onChange: (year: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tb-dashboard-year" role="group" aria-label={t('dashboard.charts.year')}>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-chevron-left"
        aria-label={t('dashboard.charts.previousYear')}
        onClick={() => onChange(year - 1)}
      />
      <span aria-live="polite">{year}</span>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-chevron-right"
        aria-label={t('dashboard.charts.nextYear')}
        onClick={() => onChange(year + 1)}
      />
    </div>
  );
}

/** While a graph's figures load, or when they could not be read: in the graph's place. */
export function SeriesStatus({ isError, error }: { isError: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (isError) {
    return <Alert severity="error">{apiErrorMessage(error) ?? t('dashboard.charts.failed')}</Alert>;
  }
  return (
    <div className="tb-dashboard-chart tb-dashboard-chart-loading">
      <ProgressSpinner aria-label={t('dashboard.charts.loading')} strokeWidth="4" />
    </div>
  );
}

/**
 * A graph's figures as a table for screen readers: Chart.js draws on a canvas, which nobody can
 * read out.
 */
export function AmountsTable({
  label,
  header,
  labels,
  series,
}: {
  label: string;
  header: string;
  labels: string[];
  /** Øre, one per label. */
  series: number[];
}) {
  const { t } = useTranslation();
  return (
    <div className="tb-visually-hidden">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            <th scope="col">{t('dashboard.charts.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((name, index) => (
            // Product titles may repeat; a figure's place is its identity.
            <tr key={index}>
              <th scope="row">{name}</th>
              <td>{formatOre(series[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
