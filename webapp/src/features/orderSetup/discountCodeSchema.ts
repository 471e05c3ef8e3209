import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { yup } from '../../shared/validation';
import type { DiscountCode, DiscountCodePayload } from './types';

export interface DiscountCodeFormValues {
  title: string;
  code: string;
  expires: string | null;
  /** Uses, digits; empty = no limit. */
  amount: string;
  /** Danish decimals: percent when `percentage`, else kroner. */
  discount: string;
  percentage: boolean;
  active: boolean;
  productIds: string[];
}

/** Spec 3 §5: title, code, expires required; discount required and decimal; amount numeric. */
export function discountCodeSchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('orderSetup.fields.title')).trim().required(),
    code: yup.string().label(t('orderSetup.fields.code')).trim().required(),
    expires: yup.string().nullable().label(t('orderSetup.fields.expires')).required(),
    amount: yup.string().label(t('orderSetup.fields.amount')).trim().numeric(),
    discount: yup
      .string()
      .label(t('orderSetup.fields.discount'))
      .trim()
      .required()
      .decimal()
      .minValue(0)
      .when('percentage', { is: true, then: (schema) => schema.maxValue(100) }),
  });
}

/** Discount code defaults (spec 3 §9): percentage on, not active. */
export function discountCodeFormValues(code?: DiscountCode): DiscountCodeFormValues {
  return {
    title: code?.title ?? '',
    code: code?.code ?? '',
    expires: code?.expires ?? null,
    amount: code?.amount === null || code?.amount === undefined ? '' : String(code.amount),
    discount: code ? oreToDecimalText(code.discount) : '',
    percentage: code?.percentage ?? true,
    active: code?.active ?? false,
    productIds: code?.productIds ?? [],
  };
}

/**
 * Both a percent (hundredths) and an amount (øre) are the typed number times 100. `stored`: the
 * code as read (its version goes back with the save); none for a new one.
 */
export function discountCodePayload(
  id: string | null,
  values: DiscountCodeFormValues,
  stored?: DiscountCode,
): DiscountCodePayload {
  const amount = values.amount.trim();
  return {
    id,
    version: stored?.version ?? null,
    title: values.title.trim(),
    code: values.code.trim(),
    expires: values.expires,
    amount: amount === '' ? null : Number(amount),
    discount: decimalTextToOre(values.discount) ?? 0,
    percentage: values.percentage,
    active: values.active,
    productIds: values.productIds,
  };
}
