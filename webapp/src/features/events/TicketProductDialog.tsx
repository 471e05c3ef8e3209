import { Formik, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOreWithCode, oreToDecimalText } from '../../shared/format';
import { useLazySearchProductsQuery } from '../../shared/pickers/pickersApi';
import { SearchPicker } from '../../shared/pickers/SearchPicker';
import type { ProductPick } from '../../shared/pickers/types';
import { Form } from '../../shared/ui/Form';
import { CheckboxField, MoneyField, TextField } from '../../shared/ui/FormFields';
import { RichTextField } from '../../shared/ui/RichTextField';
import { useShownError } from '../../shared/editor/useShownError';
import { type TicketProductFormValues } from '../../shared/events/eventForm';
import { newTicketProduct, ticketProductSchema } from './eventSchema';

/** The product types a ticket product may sell (spec 2 §3: ticket or seat ticket). */
const TICKET_TYPES = ['ticket', 'seat-ticket'];

/** 'Produkt': the club's ticket products; choosing one fills an empty title and price from it. */
function TicketProductPicker() {
  const { t } = useTranslation();
  const [search] = useLazySearchProductsQuery();
  const { values, setValues } = useFormikContext<TicketProductFormValues>();
  const error = useShownError('productId');
  const chosen: ProductPick | null = values.product ? { ...values.product, variants: [] } : null;
  return (
    <SearchPicker<ProductPick>
      label={t('events.ticketProduct.product')}
      value={chosen}
      search={async (query) =>
        (await search(query).unwrap()).filter((product) =>
          TICKET_TYPES.includes(product.type ?? ''),
        )
      }
      field="title"
      proposal={(product) => (
        <div className="tb-picker-option">
          <strong>{product.title}</strong>
          {product.price !== null && <small>{formatOreWithCode(product.price)}</small>}
        </div>
      )}
      placeholder={t('events.ticketProduct.productPlaceholder')}
      error={error}
      onChange={(product) =>
        void setValues((current) => ({
          ...current,
          productId: product.id,
          product: {
            id: product.id,
            title: product.title,
            type: product.type ?? '',
            price: product.price ?? 0,
          },
          title: current.title.trim() ? current.title : product.title,
          price: current.price.trim() ? current.price : oreToDecimalText(product.price ?? 0),
        }))
      }
    />
  );
}

interface TicketProductDialogProps {
  /** The row to edit; null adds one. */
  product: TicketProductFormValues | null;
  onHide: () => void;
  onSave: (product: TicketProductFormValues) => void;
}

/**
 * 'Tilføj billetprodukt' / 'Rediger billetprodukt': the product, then the ticket's title, price
 * (kroner, kept as øre), reservation release, maxima, name required, public, no additional
 * tickets, public price and when it becomes public, an alternative start and the ticket's text.
 * The row is saved with the event.
 */
export function TicketProductDialog({ product, onHide, onSave }: TicketProductDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => ticketProductSchema(t), [t]);
  const initialValues = useMemo(() => product ?? newTicketProduct(), [product]);
  const title = product
    ? t('events.ticketProducts.editTitle')
    : t('events.ticketProducts.addTitle');
  const label = (field: string) => t(`events.ticketProduct.${field}`);
  return (
    <Dialog
      header={title}
      visible
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '90vw' }}
    >
      {/* The dialog sits inside the event form in React's tree: its submit must not reach it. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Formik<TicketProductFormValues>
          initialValues={initialValues}
          validationSchema={schema}
          onSubmit={(values) => {
            onSave(values);
            onHide();
          }}
        >
          <Form className="tb-form" label={title}>
            <TicketProductPicker />
            <div className="tb-form-grid">
              <TextField name="title" label={label('title')} />
              <MoneyField name="price" label={label('price')} />
              <TextField name="maxAmount" label={label('maxAmount')} inputMode="numeric" />
              <TextField
                name="maxCompanyAmount"
                label={label('maxCompanyAmount')}
                inputMode="numeric"
              />
              <TextField
                name="releaseReservedAt"
                label={label('releaseReservedAt')}
                type="datetime-local"
              />
              <TextField name="altStartDate" label={label('altStartDate')} type="datetime-local" />
              <MoneyField name="publicPrice" label={label('publicPrice')} />
              <TextField name="makePublicAt" label={label('makePublicAt')} type="datetime-local" />
            </div>
            <div className="tb-form-grid">
              <CheckboxField name="nameRequired" label={label('nameRequired')} />
              <CheckboxField name="public" label={label('public')} />
              <CheckboxField
                name="disableAdditionalTickets"
                label={label('disableAdditionalTickets')}
              />
            </div>
            {/* Rich text, as the event's own texts: the booking shows it as HTML. */}
            <RichTextField
              name="ticketDescription"
              label={label('ticketDescription')}
              editorKey={product?.id ?? 'new'}
            />
            <div className="tb-form-actions">
              <Button
                type="button"
                text
                label={t('events.ticketProducts.cancel')}
                onClick={onHide}
              />
              <Button type="submit" label={t('events.ticketProducts.apply')} />
            </div>
          </Form>
        </Formik>
      </div>
    </Dialog>
  );
}
