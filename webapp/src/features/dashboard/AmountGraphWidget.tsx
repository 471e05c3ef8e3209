import type { ChartData } from 'chart.js';
import { Chart } from 'primereact/chart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountsTable, SeriesStatus, YearStepper } from './AmountSeriesParts';
import { barOptions, inKroner, monthLabel, themeColors } from './chartOptions';
import { useGetAmountSeriesQuery, type AmountGraph } from './dashboardApi';
import { DashboardWidget } from './DashboardWidget';
import { useThemeRevision } from '../../shared/ui/themeRevision';

export interface AmountGraphWidgetProps {
  graph: AmountGraph;
  title: string;
  /** The labels are months ('YYYY-MM'), shown as 'jan.', 'feb.', …; else product titles. */
  monthly: boolean;
}

/**
 * A bar graph of amounts excluding VAT for one year (spec 1 §2: monthly invoicing, product
 * invoicing, contract monthly revenue, contract product revenue), the current year first.
 */
export function AmountGraphWidget({ graph, title, monthly }: AmountGraphWidgetProps) {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => new Date().getFullYear());
  // `currentData`: another year's bars never show under this year.
  const { currentData, isError, error } = useGetAmountSeriesQuery({ kind: graph, year });
  const labels = useMemo(
    () =>
      currentData ? currentData.labels.map((label) => (monthly ? monthLabel(label) : label)) : [],
    [currentData, monthly],
  );
  // The graph's colours are the theme's: read on each drawing, and drawn again when another theme
  // has loaded (PrimeReact's Chart draws anew on every render).
  useThemeRevision();
  const chart = (() => {
    if (!currentData) return null;
    const data: ChartData<'bar'> = {
      labels,
      datasets: [
        {
          label: title,
          data: inKroner(currentData.series),
          backgroundColor: themeColors().primary,
          borderRadius: 4,
        },
      ],
    };
    return { data, options: barOptions(currentData.series) };
  })();

  return (
    <DashboardWidget title={title}>
      <YearStepper year={year} onChange={setYear} />
      {!currentData || !chart ? (
        <SeriesStatus isError={isError} error={error} />
      ) : currentData.total === 0 ? (
        <p className="tb-dashboard-chart-empty">{t('dashboard.charts.noData', { year })}</p>
      ) : (
        <>
          <Chart
            type="bar"
            data={chart.data}
            options={chart.options}
            ariaLabel={title}
            className="tb-dashboard-chart"
          />
          <AmountsTable
            label={title}
            header={monthly ? t('dashboard.charts.month') : t('dashboard.charts.product')}
            labels={labels}
            series={currentData.series}
          />
        </>
      )}
    </DashboardWidget>
  );
}
