import type { ChartData } from 'chart.js';
import { Chart } from 'primereact/chart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOre } from '../../shared/format';
import { AmountsTable, SeriesStatus } from './AmountSeriesParts';
import { inKroner, pieOptions, themeColors } from './chartOptions';
import { useGetAmountSeriesQuery } from './dashboardApi';
import { DashboardWidget } from './DashboardWidget';
import { useThemeRevision } from '../../shared/ui/themeRevision';

/**
 * The pie of this year's invoiced amount against what remains to invoice (spec 1 §2), with
 * '{X} af {Y} faktureret for {year}'.
 */
export function InvoicedStatusWidget() {
  const { t } = useTranslation();
  const [year] = useState(() => new Date().getFullYear());
  const { data, isError, error } = useGetAmountSeriesQuery({ kind: 'invoiced-status', year });
  const title = t('dashboard.invoicedStatus.title');
  // The server names the slices in Danish; the screen names them in the user's language.
  const labels = useMemo(
    () => [t('dashboard.invoicedStatus.invoiced'), t('dashboard.invoicedStatus.remaining')],
    [t],
  );
  // The graph's colours are the theme's: read on each drawing, and drawn again when another theme
  // has loaded (PrimeReact's Chart draws anew on every render).
  useThemeRevision();
  const chart = (() => {
    if (!data) return null;
    const colors = themeColors();
    const pie: ChartData<'pie'> = {
      labels,
      datasets: [
        { data: inKroner(data.series), backgroundColor: [colors.primary, colors.secondary] },
      ],
    };
    return { data: pie, options: pieOptions(data.series) };
  })();

  return (
    <DashboardWidget title={title}>
      {!data || !chart ? (
        <SeriesStatus isError={isError} error={error} />
      ) : (
        <>
          <p className="tb-dashboard-summary">
            {t('dashboard.invoicedStatus.summary', {
              invoiced: formatOre(data.series[0] ?? 0),
              total: formatOre(data.total),
              year: data.year,
            })}
          </p>
          {data.total === 0 ? (
            <p className="tb-dashboard-chart-empty">{t('dashboard.charts.noData', { year })}</p>
          ) : (
            <>
              <Chart
                type="pie"
                data={chart.data}
                options={chart.options}
                ariaLabel={title}
                className="tb-dashboard-chart"
              />
              <AmountsTable
                label={title}
                header={t('dashboard.invoicedStatus.status')}
                labels={labels}
                series={data.series}
              />
            </>
          )}
        </>
      )}
    </DashboardWidget>
  );
}
