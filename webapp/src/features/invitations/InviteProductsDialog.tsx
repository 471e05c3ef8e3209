import { FieldArray, Formik, useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { SelectField, TextField, type SelectOption } from '../../shared/ui/FormFields';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { yup } from '../../shared/validation';
import type { EventTicketProduct } from '../../shared/events/types';
import {
  useGetInviteGroupQuery,
  useSaveInviteGroupMutation,
  useSaveInviteMutation,
} from './invitationsApi';
import type { Invite } from './types';

/** A product row as the dialog keeps it: the numbers stay text for the numeric rule. */
export interface InviteProductRow {
  productId: string | null;
  amount: string;
  /** A group's rows only. */
  amountPerInvite: string;
}

export interface InviteProductsValues {
  products: InviteProductRow[];
}

/** A product the dialog offers: the event's ticket product, by its catalogue product. */
export interface InviteProductChoice {
  productId: string;
  title: string;
}

const emptyRow = (): InviteProductRow => ({ productId: null, amount: '', amountPerInvite: '' });

/** The event's ticket products as choices, one per product (a product sold in two rows is one). */
export function ticketProductChoices(products: EventTicketProduct[]): InviteProductChoice[] {
  const choices: InviteProductChoice[] = [];
  for (const product of products) {
    const { productId } = product;
    if (productId && !choices.some((choice) => choice.productId === productId)) {
      choices.push({ productId, title: product.title || product.product?.title || productId });
    }
  }
  return choices;
}

/** The choices with the products the rows hold already, which the event may no longer sell. */
function productOptions(
  choices: InviteProductChoice[],
  held: InviteProductChoice[],
): SelectOption<string>[] {
  const all = [...choices];
  for (const product of held) {
    if (!all.some((choice) => choice.productId === product.productId)) all.push(product);
  }
  return all.map((choice) => ({ label: choice.title, value: choice.productId }));
}

/**
 * Spec 2 §5 "Invite products": a product, and an amount (a group's rows: also the amount per
 * invite) that is a whole number of at least 0.
 */
export function inviteProductsSchema(t: TFunction, perInvite: boolean) {
  const label = (field: string) => t(`events.invites.products.${field}`);
  const count = (field: string) => yup.string().label(label(field)).trim().required().numeric();
  return yup.object({
    products: yup.array().of(
      yup.object({
        productId: yup.string().nullable().required(t('events.validation.productRequired')),
        amount: count(perInvite ? 'amountTotal' : 'amount'),
        ...(perInvite ? { amountPerInvite: count('amountPerInvite') } : {}),
      }),
    ),
  });
}

/** The rows with 'Tilføj produkt' and a 'Fjern' per row. */
function ProductRows({
  options,
  perInvite,
}: {
  options: SelectOption<string>[];
  perInvite: boolean;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<InviteProductsValues>();
  const label = (field: string) => t(`events.invites.products.${field}`);
  return (
    <FieldArray name="products">
      {({ push, remove }) => (
        <div className="tb-stack">
          {values.products.length === 0 && <p className="tb-field-help">{label('empty')}</p>}
          {values.products.map((_, index) => {
            const number = index + 1;
            return (
              <fieldset key={index} className="tb-invite-product-row">
                <legend className="tb-visually-hidden">
                  {t('events.invites.products.row', { number })}
                </legend>
                <SelectField
                  name={`products.${index}.productId`}
                  label={label('product')}
                  options={options}
                  placeholder={label('productPlaceholder')}
                />
                <TextField
                  name={`products.${index}.amount`}
                  label={perInvite ? label('amountTotal') : label('amount')}
                  inputMode="numeric"
                />
                {perInvite && (
                  <TextField
                    name={`products.${index}.amountPerInvite`}
                    label={label('amountPerInvite')}
                    inputMode="numeric"
                  />
                )}
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-times"
                  aria-label={t('events.invites.products.remove', { number })}
                  onClick={() => remove(index)}
                />
              </fieldset>
            );
          })}
          <div>
            <Button
              type="button"
              outlined
              icon="pi pi-plus"
              label={label('add')}
              onClick={() => push(emptyRow())}
            />
          </div>
        </div>
      )}
    </FieldArray>
  );
}

interface ProductsFormProps {
  header: string;
  initialValues: InviteProductsValues;
  options: SelectOption<string>[];
  perInvite: boolean;
  /** Saves the rows; a refusal is thrown. */
  save: (values: InviteProductsValues) => Promise<unknown>;
  onHide: () => void;
}

/** The rows' form: 'Annuller' and 'Gem'; a refusal shows on its fields and as 'Der opstod en fejl!'. */
function ProductsForm({
  header,
  initialValues,
  options,
  perInvite,
  save,
  onHide,
}: ProductsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const schema = useMemo(() => inviteProductsSchema(t, perInvite), [t, perInvite]);
  return (
    // The dialog sits inside the event form in React's tree: its submit must not reach it.
    <div onSubmit={(event) => event.stopPropagation()}>
      <Formik<InviteProductsValues>
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={async (values, { setErrors }) => {
          try {
            await save(values);
            toast.success(t('events.invites.products.saved'));
            onHide();
          } catch (error) {
            applyServerErrors(setErrors, error);
            toast.error(t('events.invites.failed'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="tb-form" label={header}>
            <ProductRows options={options} perInvite={perInvite} />
            <div className="tb-form-actions">
              <Button
                type="button"
                text
                label={t('events.invites.products.cancel')}
                onClick={onHide}
              />
              <Button
                type="submit"
                label={t('events.invites.products.save')}
                loading={isSubmitting}
              />
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}

const count = (text: string) => Number(text.trim());

function ProductsDialog({
  header,
  onHide,
  children,
}: {
  header: string;
  onHide: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={header}
      visible
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '44rem' }}
      breakpoints={{ '720px': '95vw' }}
    >
      {children}
    </Dialog>
  );
}

interface InviteDialogProps {
  eventId: string;
  invite: Invite;
  choices: InviteProductChoice[];
  onHide: () => void;
}

/** 'Rediger produkter' of one invite: its free tickets, product and 'Antal' per row. */
export function InviteProductsDialog({ eventId, invite, choices, onHide }: InviteDialogProps) {
  const { t } = useTranslation();
  const [saveInvite] = useSaveInviteMutation();
  const name = fullName(invite.contact);
  const header = t('events.invites.products.inviteTitle', { name });
  const initialValues = useMemo<InviteProductsValues>(
    () => ({
      products: invite.products.map((product) => ({
        productId: product.productId,
        amount: String(product.amount),
        amountPerInvite: '',
      })),
    }),
    [invite.products],
  );
  return (
    <ProductsDialog header={header} onHide={onHide}>
      <ProductsForm
        header={header}
        initialValues={initialValues}
        options={productOptions(choices, invite.products)}
        perInvite={false}
        onHide={onHide}
        save={(values) =>
          saveInvite({
            eventId,
            inviteId: invite.id,
            products: values.products.map((row) => ({
              productId: row.productId,
              amount: count(row.amount),
            })),
          }).unwrap()
        }
      />
    </ProductsDialog>
  );
}

interface GroupDialogProps {
  eventId: string;
  group: { key: string; title: string };
  choices: InviteProductChoice[];
  onHide: () => void;
}

/**
 * 'Rediger produkter' of a group (a company, a contact list, or the contacts of none): each
 * product's 'Antal i alt' and 'Antal pr. invitation', read from the server as the group holds them.
 */
export function InviteGroupProductsDialog({ eventId, group, choices, onHide }: GroupDialogProps) {
  const { t } = useTranslation();
  const header = t('events.invites.products.groupTitle', { title: group.title });
  const query = useGetInviteGroupQuery(
    { eventId, key: group.key },
    { refetchOnMountOrArgChange: true },
  );
  const [saveGroup] = useSaveInviteGroupMutation();
  const held = query.data?.products;
  const initialValues = useMemo<InviteProductsValues>(
    () => ({
      products: (held ?? []).map((product) => ({
        productId: product.productId,
        amount: String(product.amount),
        amountPerInvite: String(product.amountPerInvite),
      })),
    }),
    [held],
  );
  return (
    <ProductsDialog header={header} onHide={onHide}>
      {query.isError && <Alert severity="error">{t('events.invites.products.loadFailed')}</Alert>}
      {!query.isError && (!held || query.isFetching) && <Preloader label={t('common.loading')} />}
      {held && !query.isFetching && (
        <ProductsForm
          header={header}
          initialValues={initialValues}
          options={productOptions(choices, held)}
          perInvite
          onHide={onHide}
          save={(values) =>
            saveGroup({
              eventId,
              group: {
                key: group.key,
                products: values.products.map((row) => ({
                  productId: row.productId,
                  amount: count(row.amount),
                  amountPerInvite: count(row.amountPerInvite),
                })),
              },
            }).unwrap()
          }
        />
      )}
    </ProductsDialog>
  );
}
