import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { useSearchProductsQuery } from '../../shared/pickers/pickersApi';
import { ExtraInfoDefinitions } from '../../shared/ui/ExtraInfoDefinitions';
import { ImageField } from '../../shared/ui/ImageField';
import {
  CheckboxField,
  DateField,
  MoneyField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../shared/ui/FormFields';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { DEFAULT_CONTRACT_SETUP, type ProductFormValues } from './productSchema';
import {
  useGetInvoiceGroupChoicesQuery,
  useGetProductCategoryChoicesQuery,
  useGetShopSeasonsQuery,
} from './productsApi';
import {
  AMOUNT_TYPES,
  CONTRACT_TYPES,
  PRODUCT_DELIVERIES,
  PRODUCT_TYPES,
  UNITS,
  type SeatChart,
} from './types';

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      text
      severity="danger"
      icon="pi pi-trash"
      label={t('common.remove')}
      aria-label={label}
      onClick={onClick}
    />
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div>
      <Button type="button" outlined icon="pi pi-plus" label={label} onClick={onClick} />
    </div>
  );
}

/** The club's own ticket templates (Indstillinger → Arrangementer → Billetskabeloner), by name. */
export function clubTicketTemplates(settings: Record<string, unknown> | undefined): string[] {
  const events = settings?.events as { ticketTemplates?: unknown } | undefined;
  const list = Array.isArray(events?.ticketTemplates) ? events.ticketTemplates : [];
  return list
    .map((template: unknown) => (template as { name?: unknown })?.name)
    .filter(
      (name): name is string => typeof name === 'string' && name !== '' && name !== 'Default',
    );
}

/** Produkt: the main fields; ticket template only for tickets, reservation only for seat tickets. */
export function ProductMainTab() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ProductFormValues>();
  const categories = useGetProductCategoryChoicesQuery().data ?? [];
  const groups = useGetInvoiceGroupChoicesQuery().data ?? [];
  const ticket = values.type === 'ticket' || values.type === 'seat-ticket';
  const { client } = useAppSession();
  const templates = clubTicketTemplates(client?.settings);
  const flags = [
    'active',
    'showOnInvoice',
    'prePayment',
    ...(values.type === 'seat-ticket' ? ['reservation'] : []),
    'seasonTicket',
    'poolProduct',
    'appendix',
    'hideExport',
    'vatExempt',
  ];
  return (
    <div className="tb-stack">
      <div className="tb-form-grid">
        <TextField name="title" label={t('products.fields.title')} />
        <TextField name="sku" label={t('products.fields.sku')} />
        <SelectField
          name="type"
          label={t('products.fields.type')}
          options={PRODUCT_TYPES.map((type) => ({
            label: t(`products.types.${type}`),
            value: type,
          }))}
        />
        <SelectField
          name="categoryId"
          label={t('products.fields.category')}
          options={categories.map((category) => ({ label: category.title, value: category.id }))}
          showClear
        />
        <MoneyField name="price" label={t('products.fields.price')} />
        <SelectField
          name="delivery"
          label={t('products.fields.delivery')}
          options={PRODUCT_DELIVERIES.map((delivery) => ({
            label: t(`products.deliveries.${delivery}`),
            value: delivery,
          }))}
        />
        <TextField name="saleAmount" label={t('products.fields.saleAmount')} inputMode="numeric" />
        <TextField name="sorting" label={t('products.fields.sorting')} inputMode="numeric" />
        {ticket && (
          <SelectField
            name="ticketTemplate"
            label={t('products.fields.ticketTemplate')}
            options={[
              { label: t('products.defaultTemplate'), value: 'Default' },
              ...templates.map((name) => ({ label: name, value: name })),
            ]}
            showClear
          />
        )}
        <TextField name="invoiceTitle" label={t('products.fields.invoiceTitle')} />
        <SelectField
          name="invoiceGroupId"
          label={t('products.fields.invoiceGroup')}
          options={groups.map((group) => ({ label: group.title, value: group.id }))}
          showClear
        />
      </div>
      <TextAreaField name="description" label={t('products.fields.description')} />
      <div className="tb-form-grid">
        {flags.map((flag) => (
          <CheckboxField key={flag} name={flag} label={t(`products.fields.${flag}`)} />
        ))}
      </div>
    </div>
  );
}

export function ProductVariantsTab() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ProductFormValues>();
  return (
    <FieldArray name="variants">
      {(rows) => (
        <div className="tb-stack">
          {values.variants.map((_variant, index) => {
            const legend = t('products.variants.legend', { number: index + 1 });
            return (
              <fieldset key={index} className="tb-form-grid">
                <legend>{legend}</legend>
                <TextField name={`variants.${index}.title`} label={t('products.fields.title')} />
                <TextField name={`variants.${index}.sku`} label={t('products.fields.sku')} />
                <MoneyField name={`variants.${index}.price`} label={t('products.fields.price')} />
                <TextField
                  name={`variants.${index}.saleAmount`}
                  label={t('products.fields.saleAmount')}
                  inputMode="numeric"
                />
                <CheckboxField
                  name={`variants.${index}.active`}
                  label={t('products.fields.active')}
                />
                <RemoveButton
                  label={t('products.variants.remove', { number: index + 1 })}
                  onClick={() => rows.remove(index)}
                />
              </fieldset>
            );
          })}
          <AddButton
            label={t('products.variants.add')}
            onClick={() =>
              rows.push({ title: '', sku: '', price: '', saleAmount: '', active: true })
            }
          />
        </div>
      )}
    </FieldArray>
  );
}

/** Tilvalg: other products (and their variants) offered with this one. */
export function ProductOptionsTab() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ProductFormValues>();
  const products = useSearchProductsQuery('').data ?? [];
  return (
    <FieldArray name="options">
      {(rows) => (
        <div className="tb-stack">
          {values.options.map((option, index) => {
            const product = products.find((candidate) => candidate.id === option.productId);
            return (
              <fieldset key={index} className="tb-form-grid">
                <legend>{t('products.options.legend', { number: index + 1 })}</legend>
                <SelectField
                  name={`options.${index}.productId`}
                  label={t('products.fields.product')}
                  options={products.map((item) => ({ label: item.title, value: item.id }))}
                  filter
                />
                {product && product.variants.length > 0 && (
                  <SelectField
                    name={`options.${index}.variantId`}
                    label={t('products.fields.variant')}
                    options={product.variants.map((variant) => ({
                      label: variant.title,
                      value: variant.id,
                    }))}
                    showClear
                  />
                )}
                <CheckboxField
                  name={`options.${index}.public`}
                  label={t('products.fields.public')}
                />
                <CheckboxField
                  name={`options.${index}.preSelected`}
                  label={t('products.fields.preSelected')}
                />
                <CheckboxField
                  name={`options.${index}.priceOverride`}
                  label={t('products.fields.priceOverride')}
                />
                {option.priceOverride && (
                  <MoneyField name={`options.${index}.price`} label={t('products.fields.price')} />
                )}
                <RemoveButton
                  label={t('products.options.remove', { number: index + 1 })}
                  onClick={() => rows.remove(index)}
                />
              </fieldset>
            );
          })}
          <AddButton
            label={t('products.options.add')}
            onClick={() =>
              rows.push({
                productId: null,
                variantId: null,
                public: true,
                preSelected: false,
                priceOverride: false,
                price: '',
              })
            }
          />
        </div>
      )}
    </FieldArray>
  );
}

/** Kontraktopsætning: how the product is offered on contracts. */
export function ProductContractTab() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ProductFormValues>();
  const setup = values.contractSetup;
  return (
    <div className="tb-form-grid">
      <CheckboxField name="onContracts" label={t('products.fields.onContracts')} />
      {values.onContracts && (
        <>
          <CheckboxField name="contractSetup.hidden" label={t('products.fields.hidden')} />
          <SelectField
            name="contractSetup.type"
            label={t('products.fields.contractType')}
            options={CONTRACT_TYPES.map((type) => ({
              label: t(`products.contractTypes.${type}`),
              value: type,
            }))}
          />
          {(setup.type === 'number' || setup.type === 'number-text') && (
            <SelectField
              name="contractSetup.amountType"
              label={t('products.fields.amountType')}
              options={AMOUNT_TYPES.map((type) => ({
                label: t(`products.amountTypes.${type}`),
                value: type,
              }))}
            />
          )}
          {(setup.amountType === 'amount' || setup.amountType === 'amount-price') && (
            <SelectField
              name="contractSetup.unit"
              label={t('products.fields.unit')}
              options={UNITS.map((unit) => ({ label: t(`products.units.${unit}`), value: unit }))}
            />
          )}
          <CheckboxField
            name="contractSetup.preSelected"
            label={t('products.fields.preSelected')}
          />
          <Button
            type="button"
            text
            label={t('products.contract.reset')}
            onClick={() => void setFieldValue('contractSetup', DEFAULT_CONTRACT_SETUP)}
          />
        </>
      )}
    </div>
  );
}

export function ProductSubscriptionTab() {
  const { t } = useTranslation();
  return (
    <div className="tb-form-grid">
      <CheckboxField name="subscription.active" label={t('products.fields.subscriptionActive')} />
      <MoneyField name="subscription.startFee" label={t('products.fields.startFee')} />
      <MoneyField name="subscription.fee" label={t('products.fields.fee')} />
      <TextField
        name="subscription.interval"
        label={t('products.fields.interval')}
        inputMode="numeric"
      />
      <TextField
        name="subscription.commitment"
        label={t('products.fields.commitment')}
        inputMode="numeric"
      />
    </div>
  );
}

export function ProductShopTab({ editorKey }: { editorKey: string }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ProductFormValues>();
  const seasons = useGetShopSeasonsQuery().data ?? [];
  return (
    <div className="tb-stack">
      <div className="tb-form-grid">
        <CheckboxField name="shop.active" label={t('products.fields.shopActive')} />
        <TextField name="shop.title" label={t('products.fields.shopTitle')} />
        <MoneyField name="shop.price" label={t('products.fields.shopPrice')} />
        <MoneyField name="shop.discount" label={t('products.fields.shopDiscount')} />
        <SelectField
          name="shop.seasonId"
          label={t('products.fields.season')}
          options={seasons.map((season) => ({ label: season.title, value: season.id }))}
          showClear
        />
        <DateField name="shop.renewalDate" label={t('products.fields.renewalDate')} />
      </div>
      <RichTextEditor
        key={editorKey}
        label={t('products.fields.shopDescription')}
        initialValue={values.shop.description}
        onChange={(value) => void setFieldValue('shop.description', value.html)}
      />
      <ImageField name="shopImageFile" urlName="shop.image" label={t('products.fields.image')} />
    </div>
  );
}

/** Ekstra information: the fields a buyer fills in (title, alias, type, values, multiple). */
export function ProductExtraInfoTab() {
  const { t } = useTranslation();
  return (
    <ExtraInfoDefinitions
      texts={{
        legend: (number) => t('products.extraInfo.legend', { number }),
        remove: (number) => t('products.extraInfo.remove', { number }),
        add: t('products.extraInfo.add'),
        title: t('products.fields.title'),
        alias: t('products.fields.alias'),
        type: t('products.fields.extraInfoType'),
        values: t('products.fields.values'),
        valuesHelp: t('products.extraInfo.valuesHelp'),
        multiple: t('products.fields.multiple'),
      }}
    />
  );
}

/** Pladskategorier: which seat-chart categories sell this seat ticket. */
export function ProductSeatsTab({ charts }: { charts: SeatChart[] }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ProductFormValues>();
  return (
    <FieldArray name="seats">
      {(rows) => (
        <div className="tb-stack">
          {charts.length === 0 && <p>{t('products.seats.noCharts')}</p>}
          {values.seats.map((seat, index) => {
            const chart = charts.find((candidate) => candidate.key === seat.chartId);
            return (
              <fieldset key={index} className="tb-form-grid">
                <legend>{t('products.seats.legend', { number: index + 1 })}</legend>
                <SelectField
                  name={`seats.${index}.chartId`}
                  label={t('products.fields.chart')}
                  options={charts.map((item) => ({ label: item.name, value: item.key }))}
                />
                <SelectField
                  name={`seats.${index}.category`}
                  label={t('products.fields.seatCategory')}
                  options={(chart?.categories ?? []).map((category) => ({
                    label: category.label,
                    value: category.key,
                  }))}
                />
                <RemoveButton
                  label={t('products.seats.remove', { number: index + 1 })}
                  onClick={() => rows.remove(index)}
                />
              </fieldset>
            );
          })}
          <AddButton
            label={t('products.seats.add')}
            onClick={() => rows.push({ chartId: null, category: null })}
          />
        </div>
      )}
    </FieldArray>
  );
}
