import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  AggregateHistoryTab,
  TOTALS_MONEY_FIELDS,
  type HistoryFields,
} from '../../shared/history/AggregateHistoryTab';
import { AsOfSummary, named, periodText } from '../../shared/history/AsOfSummary';
import { agreementStatusLabel, contractStatusLabel } from './contractStatus';
import {
  AGREEMENT_STATUSES,
  CONTRACT_EVENT_TYPES,
  CONTRACT_STATUSES,
  PLAN_KINDS,
  type Contract,
} from './types';

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
  companyId: 'common.relations.company',
  contactId: 'common.relations.contact',
  fieldValues: 'contracts.sections.fields',
  contractLines: 'common.lines.title',
  lines: 'common.lines.title',
  orderDiscount: 'contracts.totals.orderDiscount',
  title: 'common.line.title',
  variant: 'common.line.variant',
  price: 'common.line.price',
  discount: 'common.line.discount',
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

const HISTORY_FIELDS: HistoryFields = {
  money: [...TOTALS_MONEY_FIELDS, 'prePaymentTotal', 'regularTotal'],
  percent: ['rateFee', 'vatRate'],
  labelKeys: FIELD_LABELS,
  values: (t: TFunction) => ({
    status: Object.fromEntries(
      CONTRACT_STATUSES.map((status) => [status, contractStatusLabel(t, status)]),
    ),
    agreementStatus: Object.fromEntries(
      AGREEMENT_STATUSES.map((status) => [status, agreementStatusLabel(t, status)]),
    ),
    'invoicing.type': Object.fromEntries(
      PLAN_KINDS.map((kind) => [kind, t(`contracts.invoicing.types.${kind}`)]),
    ),
  }),
};

/** The contract as it was after one event: read-only. */
function ContractAsOf({
  state,
  names,
}: {
  state: Partial<Contract>;
  names: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <AsOfSummary
      facts={[
        {
          term: t('contracts.asOf.status'),
          value: state.status ? contractStatusLabel(t, state.status) : '–',
        },
        {
          term: t('contracts.asOf.agreementStatus'),
          value: state.agreementStatus ? agreementStatusLabel(t, state.agreementStatus) : '–',
        },
        {
          term: t('contracts.asOf.company'),
          value: state.company?.name ?? named(names, state.companyId),
        },
        { term: t('contracts.asOf.contact'), value: named(names, state.contactId) },
        { term: t('contracts.asOf.period'), value: periodText(state) || '–' },
      ]}
      lines={state.contractLines}
      emptyMessage={t('contracts.lines.empty')}
      amountText={(line) => `${line.amount} ${t(`contracts.units.${line.unit ?? 'stk'}`)}`}
      total={state.total}
    />
  );
}

/** Historik: every event of the contract, and the contract as it was after any one of them. */
export function ContractHistoryTab({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<Contract>
      aggregateType="contract"
      id={contractId}
      eventTypes={CONTRACT_EVENT_TYPES}
      eventsKey="contracts.history.events"
      fields={HISTORY_FIELDS}
      asOfHeading={(sequence) => t('contracts.history.asOfHeading', { sequence })}
      renderAsOf={(state, names) => <ContractAsOf state={state} names={names} />}
    />
  );
}
