import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/format';
import type { HistoryFormats } from '../../shared/history/formatChange';
import { HistoryTab } from '../../shared/history/HistoryTab';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import { Money } from '../../shared/ui/Money';
import { agreementStatusLabel, contractStatusLabel } from './contractStatus';
import {
  AGREEMENT_STATUSES,
  CONTRACT_EVENT_TYPES,
  CONTRACT_STATUSES,
  PLAN_KINDS,
  type Contract,
  type ContractLine,
} from './types';

const MONEY_FIELDS = [
  'price',
  'discount',
  'total',
  'subtotal',
  'vat',
  'additionalFee',
  'orderDiscount',
  'prePaymentTotal',
  'regularTotal',
];
const PERCENT_FIELDS = ['rateFee', 'vatRate'];
/** Field (path or last part) → the i18n key of its label. */
const FIELD_LABELS: Record<string, string> = {
  status: 'contracts.fields.status',
  agreementStatus: 'contracts.fields.agreementStatus',
  categoryId: 'contracts.fields.category',
  seasonId: 'contracts.fields.season',
  description: 'contracts.fields.description',
  internal: 'contracts.fields.internal',
  additional: 'contracts.fields.additional',
  contractDescription: 'contracts.fields.contractDescription',
  supplementalDescription: 'contracts.fields.supplementalDescription',
  startDate: 'contracts.fields.startDate',
  endDate: 'contracts.fields.endDate',
  noEndDate: 'contracts.fields.noEndDate',
  renewDate: 'contracts.fields.renewDate',
  ownerId: 'contracts.fields.owner',
  companyId: 'contracts.relations.company',
  contactId: 'contracts.relations.contact',
  fieldValues: 'contracts.sections.fields',
  contractLines: 'contracts.lines.title',
  lines: 'contracts.lines.title',
  orderDiscount: 'contracts.totals.orderDiscount',
  title: 'contracts.line.title',
  variant: 'contracts.line.variant',
  price: 'contracts.line.price',
  discount: 'contracts.line.discount',
  'invoicing.type': 'contracts.invoicing.type',
  prePaymentDate: 'contracts.invoicing.prePaymentDate',
  invoiceDate: 'contracts.invoicing.invoiceDate',
  rateFee: 'contracts.invoicing.rateFee',
  intervals: 'contracts.invoicing.intervals',
  'invoicing.startDate': 'contracts.invoicing.startDate',
  'invoicing.amount': 'contracts.invoicing.amount',
  customPeriods: 'contracts.invoicing.periods',
  splitPayments: 'contracts.invoicing.splitPayments',
};

function historyFormats(t: TFunction): HistoryFormats {
  return {
    money: MONEY_FIELDS,
    percent: PERCENT_FIELDS,
    labels: Object.fromEntries(Object.entries(FIELD_LABELS).map(([field, key]) => [field, t(key)])),
    values: {
      status: Object.fromEntries(
        CONTRACT_STATUSES.map((status) => [status, contractStatusLabel(t, status)]),
      ),
      agreementStatus: Object.fromEntries(
        AGREEMENT_STATUSES.map((status) => [status, agreementStatusLabel(t, status)]),
      ),
      'invoicing.type': Object.fromEntries(
        PLAN_KINDS.map((kind) => [kind, t(`contracts.invoicing.types.${kind}`)]),
      ),
    },
  };
}

/** The contract as it was after one event: read-only. */
function ContractAsOf({ state }: { state: Partial<Contract> }) {
  const { t } = useTranslation();
  const lines = (state.contractLines ?? []).map((line) => ({
    ...line,
    options: line.options ?? [],
  }));
  const period = [formatDay(state.startDate), state.noEndDate ? '' : formatDay(state.endDate)]
    .filter(Boolean)
    .join(' – ');
  return (
    <div className="tb-stack tb-order-as-of">
      <dl className="tb-facts">
        <dt>{t('contracts.asOf.status')}</dt>
        <dd>{state.status ? contractStatusLabel(t, state.status) : '–'}</dd>
        <dt>{t('contracts.asOf.agreementStatus')}</dt>
        <dd>{state.agreementStatus ? agreementStatusLabel(t, state.agreementStatus) : '–'}</dd>
        <dt>{t('contracts.asOf.company')}</dt>
        <dd>{state.company?.name ?? '–'}</dd>
        <dt>{t('contracts.asOf.period')}</dt>
        <dd>{period || '–'}</dd>
      </dl>
      <DataTable
        value={lines}
        dataKey="id"
        emptyMessage={t('contracts.lines.empty')}
        pt={{ table: { 'aria-label': t('contracts.lines.title') } }}
      >
        <Column header={t('contracts.line.title')} field="title" />
        <Column header={t('contracts.line.variant')} field="variant" />
        <Column
          header={t('contracts.line.amount')}
          body={(line: ContractLine) =>
            `${line.amount} ${t(`contracts.units.${line.unit ?? 'stk'}`)}`
          }
        />
        <Column
          header={t('contracts.line.price')}
          body={(line: ContractLine) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('contracts.line.total')}
          body={(line: ContractLine) => (
            <Money
              value={typeof line.total === 'number' ? line.total : lineTotal(line)}
              ore
              currencyCode
            />
          )}
        />
      </DataTable>
      {typeof state.total === 'number' && (
        <p>
          {t('contracts.totals.total')}: <Money value={state.total} ore currencyCode />
        </p>
      )}
    </div>
  );
}

/** Historik: every event of the contract, and the contract as it was after any one of them. */
export function ContractHistoryTab({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () =>
      Object.fromEntries(
        CONTRACT_EVENT_TYPES.map((type) => [type, t(`contracts.history.events.${type}`)]),
      ),
    [t],
  );
  const formats = useMemo(() => historyFormats(t), [t]);
  return (
    <HistoryTab
      aggregateType="contract"
      id={contractId}
      labels={labels}
      formats={formats}
      asOfHeading={(sequence) => t('contracts.history.asOfHeading', { sequence })}
      renderAsOf={(state) => <ContractAsOf state={(state ?? {}) as Partial<Contract>} />}
    />
  );
}
