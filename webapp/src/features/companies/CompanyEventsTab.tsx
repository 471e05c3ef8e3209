import { useFormikContext } from 'formik';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import { useTranslation } from 'react-i18next';
import { useGetCompanyEventTypesQuery, useGetTicketUtilizationQuery } from './companiesApi';
import type { CompanyFormValues } from './companySchema';
import type { TicketLimits, TicketUtilization } from './types';
import { UtilizationBar } from './UtilizationBar';

/** ticketLimits with one product's maximum changed (null removes the limit). */
export function withTicketLimit(
  limits: TicketLimits,
  eventTypeId: string,
  productId: string,
  maxAmount: number | null,
): TicketLimits {
  const others = (limits[eventTypeId] ?? []).filter((limit) => limit.productId !== productId);
  const updated = maxAmount === null ? others : [...others, { productId, maxAmount }];
  const rest = Object.fromEntries(
    Object.entries(limits).filter(([typeId]) => typeId !== eventTypeId),
  );
  return updated.length > 0 ? { ...rest, [eventTypeId]: updated } : rest;
}

/** Per event type and product, the most tickets the company may have (saved with the company). */
function TicketLimitsCard() {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext<CompanyFormValues>();
  const { data, isSuccess } = useGetCompanyEventTypesQuery();
  const eventTypes = data?.eventTypes ?? [];
  const products = data?.products ?? [];
  return (
    <Card className="tb-card">
      <h2 className="tb-card-title">{t('companies.ticketLimits.title')}</h2>
      {isSuccess && (eventTypes.length === 0 || products.length === 0) && <p>{t('table.empty')}</p>}
      {products.length > 0 &&
        eventTypes.map((eventType) => (
          <DataTable
            key={eventType.id}
            value={products}
            dataKey="id"
            header={eventType.title}
            emptyMessage={t('table.empty')}
            pt={{ table: { 'aria-label': eventType.title } }}
          >
            <Column field="title" header={t('companies.ticketLimits.product')} />
            <Column
              header={t('companies.ticketLimits.maxAmount')}
              body={(product: { id: string; title: string }) => {
                const current = values.ticketLimits[eventType.id]?.find(
                  (limit) => limit.productId === product.id,
                );
                return (
                  <InputNumber
                    value={current?.maxAmount ?? null}
                    min={0}
                    useGrouping={false}
                    aria-label={t('companies.ticketLimits.maxAmountOf', {
                      eventType: eventType.title,
                      product: product.title,
                    })}
                    // The table's cells keep the closures of their render: start from formik's values.
                    onValueChange={(event) =>
                      void setValues((current) => ({
                        ...current,
                        ticketLimits: withTicketLimit(
                          current.ticketLimits,
                          eventType.id,
                          product.id,
                          typeof event.value === 'number' ? event.value : null,
                        ),
                      }))
                    }
                  />
                );
              }}
            />
          </DataTable>
        ))}
    </Card>
  );
}

/** 'Billetter brugt i indeværende sæson': used of allowed tickets per product. */
function TicketUtilizationCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { data = [] } = useGetTicketUtilizationQuery(companyId);
  return (
    <Card className="tb-card">
      <h2 className="tb-card-title">{t('companies.ticketUtilization.title')}</h2>
      <DataTable
        value={data}
        dataKey="id"
        emptyMessage={t('table.empty')}
        pt={{ table: { 'aria-label': t('companies.ticketUtilization.title') } }}
      >
        <Column field="product" header={t('companies.ticketUtilization.product')} />
        <Column field="used" header={t('companies.ticketUtilization.used')} />
        <Column field="total" header={t('companies.ticketUtilization.total')} />
        <Column
          header={t('companies.ticketUtilization.utilization')}
          body={(row: TicketUtilization) => <UtilizationBar value={row.utilization} />}
        />
      </DataTable>
    </Card>
  );
}

/** The Arrangementer tab: ticket limits and this season's use. */
export function CompanyEventsTab({ companyId }: { companyId: string }) {
  return (
    <div className="tb-stack">
      <TicketLimitsCard />
      <TicketUtilizationCard companyId={companyId} />
    </div>
  );
}
