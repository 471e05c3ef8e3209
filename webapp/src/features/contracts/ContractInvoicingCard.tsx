import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column, type ColumnBodyOptions } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { formatOreWithCode, oreToDecimalText } from '../../shared/format';
import {
  CheckboxField,
  DateField,
  DecimalField,
  MoneyField,
  SelectField,
  TextField,
} from '../../shared/ui/FormFields';
import {
  endDateOf,
  invoicedAmount,
  needsPrePayment,
  NO_INVOICING,
  shownTotals,
  type ContractFormValues,
  type PeriodFormValue,
} from './contractSchema';
import { isSavable } from './contractStatus';
import { intervalOf, proposePeriods, suggestedAmount } from './invoicingPlan';
import { Section } from '../../shared/ui/Section';
import { PLAN_KINDS, type Contract } from './types';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/** One input of a period row, labelled by its row ('Dato for periode 2'). */
function PeriodInput({
  name,
  label,
  type,
  disabled,
}: {
  name: string;
  label: string;
  type: 'date' | 'money';
  disabled: boolean;
}) {
  const { getFieldProps, setFieldValue, errors, touched, submitCount } =
    useFormikContext<ContractFormValues>();
  const field = getFieldProps<string | null>(name);
  const error: unknown = getIn(errors, name);
  const shown = typeof error === 'string' && (Boolean(getIn(touched, name)) || submitCount > 0);
  return (
    <>
      {type === 'date' ? (
        <input
          type="date"
          name={name}
          aria-label={label}
          className={shown ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component'}
          value={field.value ?? ''}
          onChange={(event) => void setFieldValue(name, event.target.value || null)}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-invalid={shown}
        />
      ) : (
        <InputText
          {...field}
          value={field.value ?? ''}
          inputMode="decimal"
          aria-label={label}
          disabled={disabled}
          invalid={shown}
          aria-invalid={shown}
        />
      )}
      {shown && <small className="p-error">{error}</small>}
    </>
  );
}

/**
 * 'Perioder': a date and an amount a row, added and removed by hand or proposed at interval-month
 * steps from the start date to the contract's end date, the amount split evenly.
 */
function CustomPeriods({ contract, disabled }: { contract: Contract; disabled: boolean }) {
  const { t } = useTranslation();
  const { values, initialValues, errors, setFieldValue } = useFormikContext<ContractFormValues>();
  const periods = values.invoicing.customPeriods;
  const start = values.invoicing.startDate ?? values.startDate;
  const end = endDateOf(values);
  const interval = intervalOf(values.invoicing.intervals) ?? 1;
  const amount = invoicedAmount(contract, shownTotals(contract, initialValues, values));
  const listError: unknown = getIn(errors, 'invoicing.customPeriods');
  const setPeriods = (next: PeriodFormValue[]) =>
    void setFieldValue('invoicing.customPeriods', next);
  const number = (index: number) => ({ number: index + 1 });
  return (
    <div className="tb-stack">
      <div className="tb-card-header">
        <h3 className="tb-card-title">{t('contracts.invoicing.periods')}</h3>
        <span className="tb-row-actions">
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-calendar"
            label={t('contracts.invoicing.propose')}
            disabled={disabled || !start || !end}
            onClick={() =>
              setPeriods(
                proposePeriods(start ?? '', end, interval, amount).map((period) => ({
                  date: period.date,
                  amount: oreToDecimalText(period.amount),
                })),
              )
            }
          />
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-plus"
            label={t('contracts.invoicing.addPeriod')}
            disabled={disabled}
            onClick={() => setPeriods([...periods, { date: null, amount: '' }])}
          />
        </span>
      </div>
      <small className="tb-field-help">{t('contracts.invoicing.proposeHelp')}</small>
      {typeof listError === 'string' && <small className="p-error">{listError}</small>}
      <DataTable
        value={periods}
        size="small"
        emptyMessage={t('contracts.invoicing.noPeriods')}
        pt={{ table: { 'aria-label': t('contracts.invoicing.periods') } }}
      >
        <Column
          header={t('contracts.invoicing.periodDate')}
          body={(_period: PeriodFormValue, { rowIndex }: ColumnBodyOptions) => (
            <PeriodInput
              name={`invoicing.customPeriods.${rowIndex}.date`}
              label={t('contracts.invoicing.periodDateLabel', number(rowIndex))}
              type="date"
              disabled={disabled}
            />
          )}
        />
        <Column
          header={t('contracts.invoicing.periodAmount')}
          body={(_period: PeriodFormValue, { rowIndex }: ColumnBodyOptions) => (
            <PeriodInput
              name={`invoicing.customPeriods.${rowIndex}.amount`}
              label={t('contracts.invoicing.periodAmountLabel', number(rowIndex))}
              type="money"
              disabled={disabled}
            />
          )}
        />
        {!disabled && (
          <Column
            header={t('table.actions')}
            body={(_period: PeriodFormValue, { rowIndex }: ColumnBodyOptions) => (
              <RemoveButton
                label={null}
                aria-label={t('contracts.invoicing.removePeriod', number(rowIndex))}
                onClick={() => setPeriods(periods.filter((_kept, index) => index !== rowIndex))}
              />
            )}
          />
        )}
      </DataTable>
    </div>
  );
}

/**
 * Fakturering (spec 3 §3, §5, §9): the method — Ingen, Enkelt faktura, Rater, Løbende, and
 * Perioder when the contract has an end date — and its fields: the invoice date (single, rates),
 * the rate fee (rates), the interval, start date and amount with the suggested amount (recurring),
 * the periods (custom periods); the prepayment date when a line or an option is prepaid; 'Delte
 * betalinger'. The plan may change while the contract is not cancelled.
 */
export function ContractInvoicingCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { values, initialValues } = useFormikContext<ContractFormValues>();
  const disabled = !isSavable(contract.status);
  const method = values.invoicing.type;
  const hasEnd = Boolean(endDateOf(values));
  const options = [NO_INVOICING, ...PLAN_KINDS]
    .filter((kind) => kind !== 'customPeriod' || hasEnd || method === 'customPeriod')
    .map((kind) => ({ label: t(`contracts.invoicing.types.${kind}`), value: kind }));
  const interval = intervalOf(values.invoicing.intervals);
  const suggested =
    interval === null
      ? null
      : suggestedAmount(
          invoicedAmount(contract, shownTotals(contract, initialValues, values)),
          interval,
        );
  const prepaid = needsPrePayment(values.contractLines);

  return (
    <Section title={t('contracts.invoicing.title')}>
      <div className="tb-form-grid">
        <SelectField
          name="invoicing.type"
          label={t('contracts.invoicing.type')}
          options={options}
          disabled={disabled}
        />
        {method !== NO_INVOICING && prepaid && (
          <DateField
            name="invoicing.prePaymentDate"
            label={t('contracts.invoicing.prePaymentDate')}
            disabled={disabled}
          />
        )}
        {(method === 'single' || method === 'rates') && (
          <DateField
            name="invoicing.invoiceDate"
            label={t('contracts.invoicing.invoiceDate')}
            disabled={disabled}
          />
        )}
        {method === 'rates' && (
          <DecimalField
            name="invoicing.rateFee"
            label={t('contracts.invoicing.rateFee')}
            help={t('contracts.invoicing.rateFeeHelp')}
            disabled={disabled}
          />
        )}
        {(method === 'recurring' || method === 'customPeriod') && (
          <>
            <TextField
              name="invoicing.intervals"
              label={t('contracts.invoicing.intervals')}
              inputMode="numeric"
              disabled={disabled}
            />
            <DateField
              name="invoicing.startDate"
              label={t('contracts.invoicing.startDate')}
              disabled={disabled}
            />
          </>
        )}
        {method === 'recurring' && (
          <MoneyField
            name="invoicing.amount"
            label={t('contracts.invoicing.amount')}
            placeholder={suggested === null ? undefined : oreToDecimalText(suggested)}
            help={
              suggested === null
                ? undefined
                : t('contracts.invoicing.suggested', { amount: formatOreWithCode(suggested) })
            }
            disabled={disabled}
          />
        )}
      </div>
      {method === 'customPeriod' && <CustomPeriods contract={contract} disabled={disabled} />}
      {method !== NO_INVOICING && (
        <CheckboxField
          name="invoicing.splitPayments"
          label={t('contracts.invoicing.splitPayments')}
          help={t('contracts.invoicing.splitPaymentsHelp')}
          disabled={disabled}
        />
      )}
    </Section>
  );
}
