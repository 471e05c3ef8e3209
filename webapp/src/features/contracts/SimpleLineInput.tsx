import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namesField, useFieldRules } from '../../shared/access';
import { formatOreWithCode } from '../../shared/format';
import {
  applySimpleInput,
  fieldsOf,
  simpleInputOf,
  variantsOf,
  type SimpleInput,
} from './simpleLines';
import type { ContractLine, ContractProduct } from './types';

interface SimpleLineInputProps {
  product: ContractProduct;
  /** The lines as the modal holds them (for the input's first value). */
  lines: ContractLine[];
  /** Changes the modal's lines; called with what the input now holds. */
  onApply: (change: (lines: ContractLine[]) => ContractLine[]) => void;
  disabled: boolean;
}

/**
 * The simple line of one product (spec 3 §4): a checkbox, a variant, an amount, a price and/or a
 * text as its contractSetup says, labelled by the product's title. What is typed stays as typed;
 * the product's line follows it (see simpleLines.ts).
 */
export function SimpleLineInput({ product, lines, onApply, disabled }: SimpleLineInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [input, setInput] = useState<SimpleInput>(() => simpleInputOf(lines, product));
  const fields = fieldsOf(product);
  // Field rules (spec 1 §6): a role that may not change prices types none; one that may not read
  // them is not told the product's.
  const rules = useFieldRules('orders');
  const priceHidden = namesField(rules.hidden, 'contractLines.price');
  const priceLocked = namesField(rules.locked, 'contractLines.price');
  const change = (patch: Partial<SimpleInput>) => {
    const next = { ...input, ...patch };
    setInput(next);
    onApply((current) => applySimpleInput(current, product, next));
  };
  const unit = t(`contracts.units.${product.contractSetup.unit ?? 'stk'}`);
  const price = t('contracts.modal.pricePer', { price: formatOreWithCode(product.price), unit });
  // The first control carries the product's title as its label; the others say what they are.
  const primary = fields.variant
    ? 'variant'
    : fields.checkbox
      ? 'checkbox'
      : fields.amount
        ? 'amount'
        : fields.price
          ? 'price'
          : 'description';
  const labelOf = (control: string, other: string) =>
    primary === control ? { id } : { 'aria-label': other };

  return (
    <div className="tb-simple-line">
      {fields.checkbox ? (
        <div className="tb-field tb-field-inline">
          <Checkbox
            inputId={id}
            checked={input.checked}
            onChange={(event) => change({ checked: Boolean(event.checked) })}
            disabled={disabled}
          />
          <label htmlFor={id}>{product.title}</label>
        </div>
      ) : (
        <label htmlFor={id} className="tb-simple-line-title">
          {product.title}
        </label>
      )}
      {fields.variant && (
        <Dropdown
          inputId={id}
          value={input.variantId}
          options={variantsOf(product).map((variant) => ({
            label:
              variant.price === null
                ? variant.title
                : `${variant.title} (${formatOreWithCode(variant.price)})`,
            value: variant.id,
          }))}
          optionLabel="label"
          optionValue="value"
          showClear={!disabled}
          placeholder={t('contracts.modal.noVariant')}
          emptyMessage={t('common.noOptions')}
          onChange={(event) => change({ variantId: (event.value as string | null) ?? null })}
          disabled={disabled}
        />
      )}
      {fields.amount && (
        <InputText
          {...labelOf('amount', product.title)}
          value={input.amount}
          inputMode="numeric"
          onChange={(event) => change({ amount: event.target.value })}
          disabled={disabled}
        />
      )}
      {fields.price && !priceHidden && (
        <InputText
          {...labelOf('price', t('contracts.modal.priceOf', { title: product.title }))}
          value={input.price}
          inputMode="decimal"
          placeholder={fields.amount ? undefined : '0,00'}
          onChange={(event) => change({ price: event.target.value })}
          disabled={disabled || priceLocked}
        />
      )}
      {fields.description && (
        <InputText
          {...labelOf('description', t('contracts.modal.textOf', { title: product.title }))}
          value={input.description}
          onChange={(event) => change({ description: event.target.value })}
          disabled={disabled}
        />
      )}
      {!priceHidden && <small className="tb-field-help">{price}</small>}
    </div>
  );
}
