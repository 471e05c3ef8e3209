import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { yup } from '../../shared/validation';
import type {
  ContractSetup,
  Product,
  ProductDelivery,
  ProductExtraInfo,
  ProductPayload,
  ProductType,
} from './types';

export interface VariantFormValues {
  id?: string;
  title: string;
  sku: string;
  price: string;
  saleAmount: string;
  active: boolean;
}

export interface OptionFormValues {
  productId: string | null;
  variantId: string | null;
  public: boolean;
  preSelected: boolean;
  priceOverride: boolean;
  price: string;
}

export interface ExtraInfoFormValues extends Omit<ProductExtraInfo, 'values'> {
  /** One value per line. */
  values: string;
}

export interface ProductFormValues {
  title: string;
  sku: string;
  type: ProductType | null;
  categoryId: string | null;
  price: string;
  saleAmount: string;
  description: string;
  sorting: string;
  ticketTemplate: string | null;
  invoiceTitle: string;
  invoiceGroupId: string | null;
  showOnInvoice: boolean;
  prePayment: boolean;
  reservation: boolean;
  seasonTicket: boolean;
  poolProduct: boolean;
  appendix: boolean;
  hideExport: boolean;
  vatExempt: boolean;
  active: boolean;
  delivery: ProductDelivery;
  variants: VariantFormValues[];
  options: OptionFormValues[];
  extraInfo: ExtraInfoFormValues[];
  seats: { chartId: string | null; category: string | null }[];
  /** The product is offered on contracts (contractSetup is sent). */
  onContracts: boolean;
  contractSetup: ContractSetup;
  subscription: {
    active: boolean;
    startFee: string;
    fee: string;
    interval: string;
    commitment: string;
  };
  shop: {
    active: boolean;
    title: string;
    price: string;
    discount: string;
    seasonId: string | null;
    renewalDate: string | null;
    description: string;
    image: string | null;
  };
  shopImageFile: File | null;
}

/** Spec 3 §5 "Product", with the labels that make the server's messages. */
export function productSchema(t: TFunction) {
  const price = yup.string().label(t('products.fields.price')).trim();
  const amount = yup.string().label(t('products.fields.saleAmount')).trim().numeric();
  return yup.object({
    title: yup.string().label(t('products.fields.title')).trim().required(),
    type: yup.string().nullable().label(t('products.fields.type')).required(),
    price: price.required().decimal().minValue(0),
    saleAmount: amount,
    sorting: yup.string().label(t('products.fields.sorting')).trim().numeric(),
    variants: yup.array().of(
      yup.object({
        title: yup.string().label(t('products.fields.title')).trim().required(),
        price: price.required().decimal().minValue(0),
        saleAmount: amount,
      }),
    ),
    options: yup.array().of(
      yup.object({
        productId: yup.string().nullable().label(t('products.fields.product')).required(),
        price: price.when('priceOverride', {
          is: true,
          then: (schema) => schema.required().decimal(),
          otherwise: (schema) => schema.decimal(),
        }),
      }),
    ),
    contractSetup: yup.object().when('onContracts', {
      is: true,
      then: () =>
        yup.object({
          type: yup.string().nullable().label(t('products.fields.contractType')).required(),
          amountType: yup
            .string()
            .nullable()
            .label(t('products.fields.amountType'))
            .when('type', {
              is: (type: string | null) => type === 'number' || type === 'number-text',
              then: (schema) => schema.required(),
            }),
          unit: yup
            .string()
            .nullable()
            .label(t('products.fields.unit'))
            .when('amountType', {
              is: (type: string | null) => type === 'amount' || type === 'amount-price',
              then: (schema) => schema.required(),
            }),
        }),
    }),
    subscription: yup.object({
      startFee: yup.string().label(t('products.fields.startFee')).decimal(),
      fee: yup.string().label(t('products.fields.fee')).decimal(),
      interval: yup.string().label(t('products.fields.interval')).numeric(),
      commitment: yup.string().label(t('products.fields.commitment')).numeric(),
    }),
    shop: yup.object({
      price: yup.string().label(t('products.fields.price')).decimal(),
      discount: yup.string().label(t('products.fields.shopDiscount')).decimal(),
    }),
    shopImageFile: yup.mixed().nullable().label(t('products.fields.image')).image(),
  });
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const integer = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const DEFAULT_CONTRACT_SETUP: ContractSetup = {
  hidden: false,
  type: null,
  amountType: 'amount',
  unit: 'stk',
  preSelected: false,
};

export function productFormValues(product?: Product): ProductFormValues {
  return {
    title: product?.title ?? '',
    sku: product?.sku ?? '',
    type: (product?.type as ProductType | undefined) ?? 'product',
    categoryId: product?.categoryId ?? null,
    price: oreToDecimalText(product?.price),
    saleAmount: text(product?.saleAmount),
    description: product?.description ?? '',
    sorting: text(product?.sorting),
    ticketTemplate: product?.ticketTemplate ?? null,
    invoiceTitle: product?.invoiceTitle ?? '',
    invoiceGroupId: product?.invoiceGroupId ?? null,
    showOnInvoice: product?.showOnInvoice ?? true,
    prePayment: product?.prePayment ?? false,
    reservation: product?.reservation ?? false,
    seasonTicket: product?.seasonTicket ?? false,
    poolProduct: product?.poolProduct ?? false,
    appendix: product?.appendix ?? false,
    hideExport: product?.hideExport ?? false,
    vatExempt: product?.vatExempt ?? false,
    active: product?.active ?? true,
    delivery: (product?.delivery as ProductDelivery | undefined) ?? 'none',
    variants: (product?.variants ?? []).map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      title: variant.title ?? '',
      sku: variant.sku ?? '',
      price: oreToDecimalText(variant.price),
      saleAmount: text(variant.saleAmount),
      active: variant.active,
    })),
    options: (product?.options ?? []).map((option) => ({
      ...option,
      price: oreToDecimalText(option.price),
    })),
    extraInfo: (product?.extraInfo ?? []).map((info) => ({
      ...info,
      values: info.values.join('\n'),
    })),
    seats: product?.seats ?? [],
    onContracts: Boolean(product?.contractSetup),
    contractSetup: product?.contractSetup ?? DEFAULT_CONTRACT_SETUP,
    subscription: {
      active: product?.subscription.active ?? false,
      startFee: oreToDecimalText(product?.subscription.startFee),
      fee: oreToDecimalText(product?.subscription.fee),
      interval: text(product?.subscription.interval),
      commitment: text(product?.subscription.commitment),
    },
    shop: {
      active: product?.shop.active ?? false,
      title: product?.shop.title ?? '',
      price: oreToDecimalText(product?.shop.price),
      discount: oreToDecimalText(product?.shop.discount),
      seasonId: product?.shop.seasonId ?? null,
      renewalDate: product?.shop.renewalDate ?? null,
      description: product?.shop.description ?? '',
      image: product?.shop.image ?? null,
    },
    shopImageFile: null,
  };
}

/**
 * The form as the API's Product: money in øre; type-bound fields only where they apply. `original`:
 * the product as read (its version goes back with the save); none for a new one.
 */
export function productPayload(
  id: string | null,
  values: ProductFormValues,
  contractsFeature: boolean,
  original?: Product,
): ProductPayload {
  const ticket = values.type === 'ticket' || values.type === 'seat-ticket';
  return {
    id,
    version: original?.version ?? null,
    title: values.title.trim(),
    sku: values.sku.trim(),
    type: values.type,
    categoryId: values.categoryId,
    price: decimalTextToOre(values.price),
    saleAmount: integer(values.saleAmount),
    description: values.description,
    sorting: integer(values.sorting),
    ticketTemplate: ticket ? values.ticketTemplate : null,
    invoiceTitle: values.invoiceTitle.trim(),
    invoiceGroupId: values.invoiceGroupId,
    showOnInvoice: values.showOnInvoice,
    prePayment: values.prePayment,
    reservation: values.type === 'seat-ticket' && values.reservation,
    seasonTicket: values.seasonTicket,
    poolProduct: values.poolProduct,
    appendix: values.appendix,
    hideExport: values.hideExport,
    vatExempt: values.vatExempt,
    active: values.active,
    delivery: values.delivery,
    variants: values.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      title: variant.title.trim(),
      sku: variant.sku.trim(),
      price: decimalTextToOre(variant.price),
      saleAmount: integer(variant.saleAmount),
      active: variant.active,
    })),
    options: values.options.map((option) => ({
      productId: option.productId,
      variantId: option.variantId,
      public: option.public,
      preSelected: option.preSelected,
      priceOverride: option.priceOverride,
      price: option.priceOverride ? decimalTextToOre(option.price) : null,
    })),
    extraInfo: values.extraInfo.map((info) => ({ ...info, values: lines(info.values) })),
    seats: values.type === 'seat-ticket' ? values.seats : [],
    // Without the contracts feature the tab is hidden: the stored setup is kept as it was.
    contractSetup: contractsFeature
      ? values.onContracts
        ? values.contractSetup
        : null
      : (original?.contractSetup ?? null),
    subscription: {
      active: values.subscription.active,
      startFee: decimalTextToOre(values.subscription.startFee),
      fee: decimalTextToOre(values.subscription.fee),
      interval: integer(values.subscription.interval),
      commitment: integer(values.subscription.commitment),
    },
    shop: {
      active: values.shop.active,
      title: values.shop.title,
      price: decimalTextToOre(values.shop.price),
      discount: decimalTextToOre(values.shop.discount),
      seasonId: values.shop.seasonId,
      renewalDate: values.shop.renewalDate,
      description: values.shop.description,
      image: values.shop.image,
    },
  };
}
