import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChartSummary } from '../../api/generated/seats';
import { Alert } from '../../shared/ui/Alert';
import { SEAT_CHARTS_PATH } from './paths';
import { useGetSeatChartsQuery } from './seatChartsApi';

/**
 * /events/seat-charts: the club's seat charts by name (Navn, Nøgle, Pladser) and 'Opret
 * pladskort'. The server answers every chart at once (a club has a handful), so the table sorts
 * on the page rather than through the list protocol.
 */
export function SeatChartsPage() {
  const { t } = useTranslation();
  const charts = useGetSeatChartsQuery();
  const title = t('seatCharts.list.title');
  const show = t('seatCharts.list.show');
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        <div className="tb-page-actions">
          <Link to={`${SEAT_CHARTS_PATH}/create`} className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('seatCharts.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-table">
        {charts.isError && <Alert severity="error">{t('table.failed')}</Alert>}
        <DataTable
          value={charts.data ?? []}
          dataKey="id"
          loading={charts.isFetching}
          emptyMessage={t('seatCharts.list.empty')}
          pt={{ table: { 'aria-label': title } }}
        >
          <Column field="name" header={t('seatCharts.columns.name')} sortable />
          <Column field="key" header={t('seatCharts.columns.key')} sortable />
          <Column field="seats" header={t('seatCharts.columns.seats')} sortable />
          <Column
            header={t('table.actions')}
            body={(row: ChartSummary) => (
              <Link
                to={`${SEAT_CHARTS_PATH}/${row.id}`}
                className="p-button p-component p-button-text p-button-sm"
                aria-label={`${show} ${row.name}`}
              >
                {show}
              </Link>
            )}
          />
        </DataTable>
      </div>
    </section>
  );
}
