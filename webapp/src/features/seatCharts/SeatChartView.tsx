import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { Chart } from '../../api/generated/seats';
import { useCanAccess } from '../../shared/access';
import { SeatMap } from '../../shared/seats/SeatMap';
import type { SeatMapState } from '../../shared/seats/seatModel';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { SEAT_CHARTS_PATH } from './paths';
import { useDeleteSeatChartMutation, useGetSeatChartQuery } from './seatChartsApi';
import './seatCharts.css';

function CategoriesTable({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  if (chart.categories.length === 0) {
    return <p className="tb-field-help">{t('seatCharts.view.noCategories')}</p>;
  }
  return (
    <table className="tb-seatchart-categories" aria-label={t('seatCharts.designer.categories')}>
      <thead>
        <tr>
          <th scope="col">{t('seatCharts.fields.categoryLabel')}</th>
          <th scope="col">{t('seatCharts.fields.key')}</th>
          <th scope="col">{t('seatCharts.fields.color')}</th>
          <th scope="col">{t('seatCharts.fields.accessible')}</th>
          <th scope="col">{t('seatCharts.columns.seats')}</th>
        </tr>
      </thead>
      <tbody>
        {chart.categories.map((category) => (
          <tr key={category.key}>
            <th scope="row">{category.label}</th>
            <td>{category.key}</td>
            <td>
              <span
                className="tb-seatchart-swatch"
                style={{ background: category.color }}
                aria-hidden="true"
              />
              {category.color}
            </td>
            <td>{category.accessible ? t('common.yes') : t('common.no')}</td>
            <td>{chart.seats.filter((seat) => seat.categoryKey === category.key).length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 'Rediger' and 'Slet' of a chart, for those who may manage the events module (the server asks
 * the same). Deleting is refused while anything uses the chart: the server says what.
 */
function ChartActions({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const canManage = useCanAccess('manage', 'events');
  const [remove, removing] = useDeleteSeatChartMutation();
  if (!canManage) return null;
  return (
    <>
      <Link
        to={`${SEAT_CHARTS_PATH}/${encodeURIComponent(chart.id)}/edit`}
        className="p-button p-component p-button-outlined"
      >
        <i className="pi pi-pencil" aria-hidden="true" />
        <span>{t('seatCharts.view.edit')}</span>
      </Link>
      <ConfirmButton
        outlined
        severity="danger"
        icon="pi pi-trash"
        label={t('seatCharts.view.delete')}
        loading={removing.isLoading}
        message={t('seatCharts.view.confirmDelete', { name: chart.name })}
        onConfirm={async () => {
          try {
            await remove(chart.id).unwrap();
            toast.success(t('seatCharts.view.deleted'));
            navigate(SEAT_CHARTS_PATH, { replace: true });
          } catch (error) {
            toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
          }
        }}
      />
    </>
  );
}

/** /events/seat-charts/{id}: a saved chart, read only: its categories and its map. */
export function SeatChartView({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useGetSeatChartQuery(id);
  const chart = query.data;
  const states = useMemo(
    () =>
      new Map<string, SeatMapState>(
        (chart?.seats ?? [])
          .filter((seat) => !seat.forSale)
          .map((seat) => [seat.label, 'notForSale']),
      ),
    [chart],
  );
  if (query.isLoading) return <Preloader label={t('common.loading')} />;
  if (!chart) {
    return (
      <section className="tb-page">
        <Alert severity="error">{apiErrorMessage(query.error) ?? t('common.notFound')}</Alert>
        <Link to={SEAT_CHARTS_PATH}>{t('common.back')}</Link>
      </section>
    );
  }
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{chart.name}</h1>
        <div className="tb-page-actions">
          <Link to={SEAT_CHARTS_PATH} className="p-button p-component p-button-text">
            {t('common.back')}
          </Link>
          <ChartActions chart={chart} />
        </div>
      </div>
      <dl className="tb-facts">
        <dt>{t('seatCharts.columns.key')}</dt>
        <dd>{chart.key}</dd>
        <dt>{t('seatCharts.columns.seats')}</dt>
        <dd>{chart.seats.length}</dd>
        <dt>{t('seatCharts.view.notForSale')}</dt>
        <dd>{states.size}</dd>
      </dl>
      <div className="tb-stack">
        <Section title={t('seatCharts.designer.categories')}>
          <CategoriesTable chart={chart} />
        </Section>
        <Section title={t('seatCharts.view.map')}>
          <SeatMap chart={chart} states={states} mode="overview" label={chart.name} />
        </Section>
      </div>
    </section>
  );
}
