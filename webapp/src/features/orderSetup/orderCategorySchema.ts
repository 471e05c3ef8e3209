import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { yup } from '../../shared/validation';
import type { OrderCategory, OrderCategoryPayload } from './types';

export interface OrderCategoryFormValues {
  title: string;
  sku: string;
  /** Danish decimals, e.g. '1.234,50'. */
  price: string;
  invoiceTitle: string;
}

/** Spec 3 §5: title required; price a decimal of 0 or more. */
export function orderCategorySchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('orderSetup.fields.title')).trim().required(),
    price: yup.string().label(t('orderSetup.fields.price')).decimal().minValue(0),
  });
}

export function orderCategoryFormValues(category?: OrderCategory): OrderCategoryFormValues {
  return {
    title: category?.title ?? '',
    sku: category?.sku ?? '',
    price: oreToDecimalText(category?.price),
    invoiceTitle: category?.invoiceTitle ?? '',
  };
}

/** `stored`: the category as read (its version goes back with the save); none for a new one. */
export function orderCategoryPayload(
  id: string | null,
  values: OrderCategoryFormValues,
  stored?: OrderCategory,
): OrderCategoryPayload {
  return {
    id,
    version: stored?.version ?? null,
    title: values.title.trim(),
    sku: values.sku.trim(),
    price: decimalTextToOre(values.price),
    invoiceTitle: values.invoiceTitle.trim(),
  };
}
