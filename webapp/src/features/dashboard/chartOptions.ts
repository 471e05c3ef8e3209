import type { ChartOptions, TooltipItem } from 'chart.js';
import { formatDay, formatOre, LOCALE } from '../../shared/format';

/** 'YYYY-MM' (a month of the monthly graphs) → 'jan.', as Danish abbreviates it. */
export function monthLabel(month: string): string {
  return formatDay(`${month}-01`, 'MMM');
}

/** The theme's colours (PrimeReact's CSS variables, light or dark), read when a graph is drawn. */
export function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    primary: read('--primary-color', '#3b82f6'),
    secondary: read('--surface-300', '#cbd5e1'),
    text: read('--text-color-secondary', '#6b7280'),
    grid: read('--surface-border', '#dfe7ef'),
  };
}

/**
 * The graph draws kroner (its axis counts them); money is øre everywhere else, so a tooltip shows
 * the øre amount of its bar or slice in Danish money.
 */
export function inKroner(series: number[]): number[] {
  return series.map((ore) => ore / 100);
}

/** A bar graph filling its frame: no legend, a Danish kroner axis, tooltips in Danish money. */
export function barOptions(series: number[]): ChartOptions<'bar'> {
  const colors = themeColors();
  return {
    locale: LOCALE,
    maintainAspectRatio: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (item: TooltipItem<'bar'>) => formatOre(series[item.dataIndex] ?? 0) },
      },
    },
    scales: {
      x: { ticks: { color: colors.text }, grid: { display: false } },
      y: { beginAtZero: true, ticks: { color: colors.text }, grid: { color: colors.grid } },
    },
  };
}

/** A pie filling its frame, its legend below, tooltips '{slice}: {Danish money}'. */
export function pieOptions(series: number[]): ChartOptions<'pie'> {
  const colors = themeColors();
  return {
    locale: LOCALE,
    maintainAspectRatio: false,
    plugins: {
      legend: { position: 'bottom', labels: { color: colors.text } },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'pie'>) =>
            `${item.label}: ${formatOre(series[item.dataIndex] ?? 0)}`,
        },
      },
    },
  };
}
