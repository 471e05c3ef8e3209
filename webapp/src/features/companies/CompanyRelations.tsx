import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../shared/format';
import { Money } from '../../shared/ui/Money';
import { useGetCompanyRevenueQuery } from './companiesApi';
import type { CompanyContract, CompanyOrder } from './types';

const CONTRACT_ICONS: Record<string, string> = {
  approved: 'pi pi-check-circle',
  renewal: 'pi pi-refresh',
  draft: 'pi pi-pencil',
  cancelled: 'pi pi-times-circle',
};

const ORDER_ICONS: Record<string, string> = {
  approved: 'pi pi-check-circle',
  draft: 'pi pi-pencil',
  cancelled: 'pi pi-times-circle',
};

function StatusText({ icon, text }: { icon?: string; text: string }) {
  return (
    <span className="tb-status">
      {icon && <i className={icon} aria-hidden="true" />}
      <span>{text}</span>
    </span>
  );
}

/**
 * Listed totals are subtotal plus additional fee (spec 1 §3), without VAT, whatever else the row
 * carries (the server sends the contract's total with VAT too).
 */
function totalOf(row: { subtotal: number; additionalFee: number }): number {
  return (row.subtotal ?? 0) + (row.additionalFee ?? 0);
}

function categoryOf(contract: CompanyContract): string {
  return contract.category ?? '';
}

/** 'Salg år til dato': this year's sales to the company. */
export function RevenueTile({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { data } = useGetCompanyRevenueQuery(companyId);
  return (
    <Card className="tb-card tb-tile">
      <h2 className="tb-tile-title">{t('companies.revenue.title')}</h2>
      <p className="tb-tile-value">
        <Money value={data?.revenue ?? 0} ore />
      </p>
    </Card>
  );
}

/** The company's newest contracts, each linking to the contract, and 'Vis alle'. */
export function CompanyContracts({
  companyId,
  contracts,
}: {
  companyId: string;
  contracts: CompanyContract[];
}) {
  const { t } = useTranslation();
  return (
    <Card className="tb-card">
      <section aria-labelledby={`contracts-${companyId}`}>
        <div className="tb-card-header">
          <h2 id={`contracts-${companyId}`} className="tb-card-title">
            {t('companies.contracts.title')}
          </h2>
          <Link to={`/orders/contracts?companyId=${encodeURIComponent(companyId)}`}>
            {t('companies.contracts.showAll')}
          </Link>
        </div>
        <DataTable
          value={contracts}
          dataKey="id"
          emptyMessage={t('table.empty')}
          pt={{ table: { 'aria-label': t('companies.contracts.title') } }}
        >
          <Column
            header={t('companies.contracts.number')}
            body={(contract: CompanyContract) => (
              <Link to={`/orders/contracts/${contract.id}`}>{contract.contractNumber}</Link>
            )}
          />
          <Column header={t('companies.contracts.category')} body={categoryOf} />
          <Column
            header={t('companies.contracts.status')}
            body={(contract: CompanyContract) => (
              <StatusText
                icon={CONTRACT_ICONS[contract.status]}
                text={t(`companies.contracts.statuses.${contract.status}`, {
                  defaultValue: contract.status,
                })}
              />
            )}
          />
          <Column
            header={t('companies.contracts.period')}
            body={(contract: CompanyContract) =>
              `${formatDay(contract.startDate)} – ${
                contract.noEndDate
                  ? t('companies.contracts.noEndDate')
                  : formatDay(contract.endDate)
              }`
            }
          />
          <Column
            header={t('companies.contracts.total')}
            body={(contract: CompanyContract) => <Money value={totalOf(contract)} ore />}
          />
        </DataTable>
      </section>
    </Card>
  );
}

/** The company's newest orders, each linking to the order, and 'Vis alle'. */
export function CompanyOrders({
  companyId,
  orders,
}: {
  companyId: string;
  orders: CompanyOrder[];
}) {
  const { t } = useTranslation();
  return (
    <Card className="tb-card">
      <section aria-labelledby={`orders-${companyId}`}>
        <div className="tb-card-header">
          <h2 id={`orders-${companyId}`} className="tb-card-title">
            {t('companies.orders.title')}
          </h2>
          <Link to={`/orders?companyId=${encodeURIComponent(companyId)}`}>
            {t('companies.orders.showAll')}
          </Link>
        </div>
        <DataTable
          value={orders}
          dataKey="id"
          emptyMessage={t('table.empty')}
          pt={{ table: { 'aria-label': t('companies.orders.title') } }}
        >
          <Column
            header={t('companies.orders.number')}
            body={(order: CompanyOrder) => (
              <Link to={`/orders/${order.id}`}>{order.orderNumber}</Link>
            )}
          />
          <Column
            header={t('companies.orders.status')}
            body={(order: CompanyOrder) => (
              <StatusText
                icon={ORDER_ICONS[order.status]}
                text={t(`companies.orders.statuses.${order.status}`, {
                  defaultValue: order.status,
                })}
              />
            )}
          />
          <Column
            header={t('companies.orders.date')}
            body={(order: CompanyOrder) => formatDay(order.createDate)}
          />
          <Column
            header={t('companies.orders.total')}
            body={(order: CompanyOrder) => <Money value={totalOf(order)} ore />}
          />
        </DataTable>
      </section>
    </Card>
  );
}
