import { Formik, useField, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column, type ColumnBodyOptions } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oreToDecimalText } from '../format';
import { ProductPicker } from '../pickers/ProductPicker';
import type { ProductPick } from '../pickers/types';
import { Form } from '../ui/Form';
import { MoneyField, TextField } from '../ui/FormFields';
import { useToast } from '../ui/Toast';
import {
  fromProduct,
  lineOptionOf,
  newOrderLine,
  optionKey,
  orderLineFormValues,
  orderLineOf,
  orderLineSchema,
  SEAT_TICKET,
  type LineOptionFormValue,
  type OrderLineFormValues,
} from './orderLineSchema';
import { useLazyGetOrderProductQuery } from './orderLinesApi';
import type { OrderLine, OrderProduct } from './types';
import { RemoveButton } from '../ui/RemoveButton';

interface OrderLineDialogProps {
  visible: boolean;
  /** The line to edit; null adds a new one. */
  line: OrderLine | null;
  onHide: () => void;
  onSave: (line: OrderLine) => void;
  /** The line's money fields the user's role may not read ('hidden') or not change ('locked'). */
  moneyFields?: { hidden: LineMoneyField[]; locked: LineMoneyField[] };
}

/** A line's money field a field rule can hide or lock. */
export type LineMoneyField = 'price' | 'discount';

/** The chosen product with the products of its options (for their titles and prices). */
interface LoadedProduct {
  product: OrderProduct;
  optionProducts: Map<string, OrderProduct>;
}

function useProductLoader() {
  const [getProduct] = useLazyGetOrderProductQuery();
  return useCallback(
    async (id: string): Promise<LoadedProduct> => {
      const product = await getProduct(id, true).unwrap();
      const ids = [
        ...new Set(
          product.options.flatMap((option) => (option.productId ? [option.productId] : [])),
        ),
      ];
      const loaded = await Promise.all(
        ids.map((optionId) =>
          getProduct(optionId, true)
            .unwrap()
            .catch(() => undefined),
        ),
      );
      const optionProducts = new Map<string, OrderProduct>();
      for (const optionProduct of loaded) {
        if (optionProduct) optionProducts.set(optionProduct.id, optionProduct);
      }
      return { product, optionProducts };
    },
    [getProduct],
  );
}

/** 'Produkt': searches the club's products and fills the line from the chosen one. */
function ProductSearch({ onChoose }: { onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  const [product, setProduct] = useState<ProductPick | null>(null);
  return (
    <ProductPicker
      label={t('orders.line.product')}
      value={product}
      onChange={(chosen) => {
        setProduct(chosen);
        onChoose(chosen.id);
      }}
      placeholder={t('orders.line.productPlaceholder')}
    />
  );
}

/** 'Vælg variant': sets the variant's title, SKU and price on the line. */
function VariantSelect({ product }: { product: OrderProduct }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<OrderLineFormValues>();
  const variants = product.variants.filter((variant) => variant.id && variant.active !== false);
  if (variants.length === 0) return null;
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('orders.line.chooseVariant')}</label>
      <Dropdown
        inputId={id}
        value={values.variantId}
        options={variants.map((variant) => ({ label: variant.title, value: variant.id }))}
        optionLabel="label"
        optionValue="value"
        showClear
        placeholder={t('orders.line.noVariant')}
        emptyMessage={t('common.noOptions')}
        onChange={(event) => {
          const variant = variants.find((candidate) => candidate.id === event.value);
          void setValues((current) => ({
            ...current,
            variantId: variant?.id ?? null,
            variant: variant?.title ?? '',
            sku: variant?.sku || product.sku || '',
            price: oreToDecimalText(variant?.price ?? product.price ?? 0),
          }));
        }}
      />
    </div>
  );
}

/** 'Tilvalg': the product's options to choose, and a table of the chosen ones with their prices. */
function OptionsPicker({ loaded }: { loaded: LoadedProduct | null }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<OrderLineFormValues>();
  const available = useMemo(
    () =>
      (loaded?.product.options ?? []).flatMap((setup) => {
        const option = lineOptionOf(
          setup,
          setup.productId ? loaded?.optionProducts.get(setup.productId) : undefined,
        );
        return option ? [option] : [];
      }),
    [loaded],
  );
  // Options already on the line stay choosable even when the product no longer offers them.
  const choices = [
    ...available,
    ...values.options.filter(
      (option) => !available.some((candidate) => optionKey(candidate) === optionKey(option)),
    ),
  ];
  if (choices.length === 0) return null;
  const chosenKeys = values.options.map(optionKey);
  const describe = (option: LineOptionFormValue) =>
    option.variant ? `${option.title} (${option.variant})` : option.title;
  return (
    <div className="tb-stack">
      <div className="tb-field">
        <label htmlFor={id}>{t('orders.line.options')}</label>
        <MultiSelect
          inputId={id}
          value={chosenKeys}
          options={choices.map((option) => ({ label: describe(option), value: optionKey(option) }))}
          optionLabel="label"
          optionValue="value"
          display="chip"
          emptyMessage={t('common.noOptions')}
          onChange={(event) => {
            const keys = event.value as string[];
            void setValues((current) => ({
              ...current,
              options: keys.flatMap((key) => {
                const kept = current.options.find((option) => optionKey(option) === key);
                const offered = choices.find((option) => optionKey(option) === key);
                return kept ? [kept] : offered ? [offered] : [];
              }),
            }));
          }}
        />
      </div>
      {values.options.length > 0 && (
        <DataTable
          value={values.options}
          pt={{ table: { 'aria-label': t('orders.line.chosenOptions') } }}
        >
          <Column header={t('orders.line.title')} body={describe} />
          <Column
            header={t('orders.line.price')}
            body={(_option: LineOptionFormValue, { rowIndex }: ColumnBodyOptions) => (
              <OptionPriceInput index={rowIndex} />
            )}
          />
          <Column
            header={t('table.actions')}
            body={(option: LineOptionFormValue) => (
              <RemoveButton
                aria-label={t('orders.line.removeOption', { title: describe(option) })}
                onClick={() =>
                  void setValues((current) => ({
                    ...current,
                    options: current.options.filter(
                      (candidate) => optionKey(candidate) !== optionKey(option),
                    ),
                  }))
                }
              />
            )}
          />
        </DataTable>
      )}
    </div>
  );
}

function OptionPriceInput({ index }: { index: number }) {
  const { t } = useTranslation();
  const { submitCount } = useFormikContext<OrderLineFormValues>();
  const [title] = useField<string>(`options.${index}.title`);
  const [field, meta] = useField<string>(`options.${index}.price`);
  const error = meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
  const errorId = useId();
  return (
    <>
      <InputText
        {...field}
        value={field.value ?? ''}
        inputMode="decimal"
        aria-label={t('orders.line.optionPrice', { title: title.value })}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <small id={errorId} className="p-error">
          {error}
        </small>
      )}
    </>
  );
}

function LineFields({
  loaded,
  moneyFields,
}: {
  loaded: LoadedProduct | null;
  moneyFields: { hidden: LineMoneyField[]; locked: LineMoneyField[] };
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<OrderLineFormValues>();
  return (
    <>
      {loaded && <VariantSelect product={loaded.product} />}
      <OptionsPicker loaded={loaded} />
      <div className="tb-form-grid">
        <TextField name="title" label={t('orders.line.title')} />
        <TextField name="variant" label={t('orders.line.variant')} />
        <TextField name="sku" label={t('orders.line.sku')} />
        {(['price', 'discount'] as const)
          .filter((field) => !moneyFields.hidden.includes(field))
          .map((field) => (
            <MoneyField
              key={field}
              name={field}
              label={t(`orders.line.${field}`)}
              disabled={moneyFields.locked.includes(field)}
              help={moneyFields.locked.includes(field) ? t('common.fieldLocked') : undefined}
            />
          ))}
        <TextField name="amount" label={t('orders.line.amount')} inputMode="numeric" />
        {values.type === SEAT_TICKET && (
          <TextField name="seat" label={t('orders.line.seat')} placeholder="A-12" />
        )}
      </div>
    </>
  );
}

/**
 * 'Tilføj produkt' / 'Rediger produkt' (spec 3 §2): product search, variant, options ('Tilvalg')
 * and the line's fields; the seat only for seat-ticket products. The line is saved with the order.
 */
export function OrderLineDialog({
  visible,
  line,
  onHide,
  onSave,
  moneyFields = { hidden: [], locked: [] },
}: OrderLineDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const loadProduct = useProductLoader();
  const [loaded, setLoaded] = useState<LoadedProduct | null>(null);
  const schema = useMemo(() => orderLineSchema(t), [t]);
  const initialValues = useMemo(() => orderLineFormValues(line), [line]);
  const productId = line?.productId ?? null;

  // Editing a line of a product offers that product's variants and options again.
  useEffect(() => {
    setLoaded(null);
    if (!visible || !productId) return;
    let current = true;
    loadProduct(productId)
      .then((result) => {
        if (current) setLoaded(result);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [visible, productId, loadProduct]);

  const title = line ? t('orders.line.editTitle') : t('orders.line.addTitle');
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '90vw' }}
    >
      {/* The dialog sits inside the order form in React's tree: its submit must not reach it. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Formik<OrderLineFormValues>
          initialValues={initialValues}
          enableReinitialize
          validationSchema={schema}
          onSubmit={(values) => {
            onSave(orderLineOf(line ?? newOrderLine(), values));
            onHide();
          }}
        >
          {({ setValues }) => (
            <Form className="tb-form" label={title}>
              <ProductSearch
                onChoose={async (id) => {
                  try {
                    const result = await loadProduct(id);
                    setLoaded(result);
                    const preSelected = result.product.options.flatMap((setup) => {
                      const option = setup.preSelected
                        ? lineOptionOf(
                            setup,
                            setup.productId
                              ? result.optionProducts.get(setup.productId)
                              : undefined,
                          )
                        : null;
                      return option ? [option] : [];
                    });
                    void setValues((current) => ({
                      ...fromProduct(current, result.product),
                      options: preSelected,
                    }));
                  } catch {
                    toast.error(t('orders.line.productFailed'));
                  }
                }}
              />
              <LineFields loaded={loaded} moneyFields={moneyFields} />
              <div className="tb-form-actions">
                <Button type="button" text label={t('orders.line.cancel')} onClick={onHide} />
                <Button type="submit" label={t('orders.line.save')} />
              </div>
            </Form>
          )}
        </Formik>
      </div>
    </Dialog>
  );
}
