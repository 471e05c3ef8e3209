import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { PublicLine, PublicSubscription } from '../../api/generated/subscriptions';
import { formatOre } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import {
  type OfferedOption,
  type SubscriptionLink,
  useUpdatePublicSubscriptionOptionsMutation,
} from './subscriptionPublicApi';

type LineOption = PublicLine['options'][number];

const sameOption = (a: LineOption | OfferedOption, b: OfferedOption) =>
  a.productId === b.productId && a.variantId === b.variantId;

/** 'Navnetryk (+ 99,00 kr.)': an option and what it adds per unit of the line. */
function useOptionLabel() {
  const { t } = useTranslation();
  return (option: LineOption | OfferedOption) =>
    t('subscriptionPublic.lines.option', { title: option.title, price: formatOre(option.price) });
}

interface OptionBoxProps {
  option: OfferedOption;
  disabled: boolean;
  onToggle: () => void;
}

function OptionBox({ option, disabled, onToggle }: OptionBoxProps) {
  const id = useId();
  const label = useOptionLabel();
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox inputId={id} checked={option.chosen} disabled={disabled} onChange={onToggle} />
      <label htmlFor={id}>{label(option)}</label>
    </div>
  );
}

interface LineProductProps {
  line: PublicLine;
  /** The options may be ticked (a draft). */
  editable: boolean;
  saving: boolean;
  onToggle: (line: PublicLine, option: OfferedOption) => void;
}

/**
 * The line's product and its options: in a draft a box for each option that may be chosen, and
 * the options the customer cannot change (the club's own) as text, as all of them after that.
 */
function LineProduct({ line, editable, saving, onToggle }: LineProductProps) {
  const label = useOptionLabel();
  const offered = editable ? line.offered : [];
  const fixed = line.options.filter(
    (option) => !offered.some((candidate) => sameOption(option, candidate)),
  );
  return (
    <>
      <span>{line.title}</span>
      {line.variant && <small className="tb-subscription-public-variant">{line.variant}</small>}
      {fixed.map((option, index) => (
        <small key={index} className="tb-subscription-public-variant">
          {label(option)}
        </small>
      ))}
      {offered.map((option) => (
        <OptionBox
          key={`${option.productId}:${option.variantId ?? ''}`}
          option={option}
          disabled={saving}
          onToggle={() => onToggle(line, option)}
        />
      ))}
    </>
  );
}

interface SubscriptionLinesCardProps {
  link: SubscriptionLink;
  page: PublicSubscription;
}

/**
 * What the subscription holds, with the options ('Tilvalg') a draft lets the customer tick, and
 * what each payment comes to.
 */
export function SubscriptionLinesCard({ link, page }: SubscriptionLinesCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [updateOptions, { isLoading: saving }] = useUpdatePublicSubscriptionOptionsMutation();
  const [error, setError] = useState<string>();
  const editable = page.status === 'draft';

  // The line is sent with every offered option it is to have; the answer is the page anew.
  const toggle = async (line: PublicLine, toggled: OfferedOption) => {
    const options = line.offered
      .filter((option) => (option === toggled ? !option.chosen : option.chosen))
      .map(({ productId, variantId }) => ({ productId, variantId }));
    setError(undefined);
    try {
      await updateOptions({ ...link, orderLines: [{ id: line.id, options }] }).unwrap();
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? t('subscriptionPublic.lines.optionsFailed'));
    }
  };

  const row = (label: string, value: number, className?: string) => (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>
        <Money value={value} ore />
      </td>
    </tr>
  );
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('subscriptionPublic.lines.title')}
        </h2>
        <DataTable
          value={page.lines}
          dataKey="id"
          size="small"
          // On a phone each line stacks as a card, its column names beside its values.
          responsiveLayout="stack"
          breakpoint="40rem"
          // The option boxes follow the saving, which is not in a row's data.
          cellMemo={false}
          pt={{ table: { 'aria-label': t('subscriptionPublic.lines.table') } }}
        >
          <Column
            header={t('subscriptionPublic.lines.product')}
            body={(line: PublicLine) => (
              <LineProduct
                line={line}
                editable={editable}
                saving={saving}
                onToggle={(changed, option) => void toggle(changed, option)}
              />
            )}
          />
          <Column
            header={t('subscriptionPublic.lines.amount')}
            body={(line: PublicLine) => line.amount}
          />
          <Column
            header={t('subscriptionPublic.lines.price')}
            align="right"
            body={(line: PublicLine) => <Money value={line.price} ore />}
          />
          <Column
            header={t('subscriptionPublic.lines.total')}
            align="right"
            body={(line: PublicLine) => <Money value={line.total} ore />}
          />
        </DataTable>
        {error && <Alert severity="error">{error}</Alert>}
        <table className="tb-totals" aria-label={t('subscriptionPublic.totals.title')}>
          <tbody>
            {row(t('subscriptionPublic.totals.subtotal'), page.subtotal)}
            {row(
              t(
                page.pricesWithVat
                  ? 'subscriptionPublic.totals.vatIncluded'
                  : 'subscriptionPublic.totals.vat',
              ),
              page.vat,
            )}
            {row(t('subscriptionPublic.totals.total'), page.total, 'tb-totals-total')}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
