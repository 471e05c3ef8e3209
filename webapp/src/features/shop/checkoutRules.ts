import { setIn, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';
import type { SessionUser } from '../../api/appApi';
import { isApiError } from '../../api/baseApi';
import type { DeliveryMethod } from '../../api/generated/orders';
import type { Cart, CheckoutInput } from '../../api/generated/shop';
import { SEAT_TICKET } from '../../shared/orderLines/orderLineSchema';
import { yup } from '../../shared/validation';

/** 'Betalingskort': a new card, typed in Stripe's card element after the order is made. */
export const CARD_METHOD = 'card';

/** The checkout form (spec 3 §3 "Checkout payload"). */
export interface CheckoutValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  description: string;
  createUser: boolean;
  password: string;
  /** {@link CARD_METHOD}, or the `cardId` of one of a signed-in customer's saved cards. */
  paymentMethod: string;
  /** 'Gem kort': the new card is kept for the customer's next purchases. */
  saveCard: boolean;
  discountCode: string;
  acceptTerms: boolean;
  acceptSubscriptionTerms: boolean;
  /** The delivery address, asked for when the cart has a product that is sent. */
  deliveryName: string;
  deliveryStreet: string;
  deliveryPostcode: string;
  deliveryCity: string;
}

/** As the server's `passwords::MIN_LENGTH`. */
export const PASSWORD_MIN_LENGTH = 8;

/** The form to start with: a signed-in customer's own details. */
export function initialCheckoutValues(user: SessionUser | null): CheckoutValues {
  return {
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? user?.mobile ?? '',
    description: '',
    createUser: false,
    password: '',
    paymentMethod: CARD_METHOD,
    saveCard: false,
    discountCode: '',
    acceptTerms: false,
    acceptSubscriptionTerms: false,
    deliveryName: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    deliveryStreet: '',
    deliveryPostcode: '',
    deliveryCity: '',
  };
}

/** A Danish postcode: four digits (as the server checks it). */
const POSTCODE = /^\d{4}$/;

/**
 * The checkout's rules (spec 3 §5 "Checkout"): the contact fields, a password with 'Opret bruger'
 * (visitors only), the trade terms, the subscription terms when a subscription is in the cart,
 * and the delivery address when the cart has a product that is sent (`delivery` 'address').
 */
export function checkoutSchema(
  t: TFunction,
  visitor: boolean,
  hasSubscription: boolean,
  delivery: DeliveryMethod | null = null,
) {
  const label = (field: string) => t(`shop.checkout.${field}`);
  const sent = delivery === 'address';
  const addressField = (field: string) =>
    sent ? yup.string().label(label(field)).trim().required().max(200) : yup.string();
  return yup.object({
    deliveryName: addressField('deliveryName'),
    deliveryStreet: addressField('deliveryStreet'),
    deliveryPostcode: sent
      ? yup
          .string()
          .label(label('deliveryPostcode'))
          .trim()
          .required()
          .matches(POSTCODE, label('deliveryPostcodeDigits'))
      : yup.string(),
    deliveryCity: addressField('deliveryCity'),
    firstname: yup.string().label(label('firstname')).trim().required().max(254),
    lastname: yup.string().label(label('lastname')).trim().required().max(254),
    email: yup.string().label(label('email')).trim().required().email().max(254),
    phone: yup.string().label(label('phone')).trim().required().max(254),
    description: yup.string().label(label('description')).max(2000),
    createUser: yup.boolean(),
    password: yup
      .string()
      .label(label('password'))
      .when('createUser', {
        is: (createUser: boolean) => visitor && createUser,
        then: (schema) => schema.required().min(PASSWORD_MIN_LENGTH),
      }),
    acceptTerms: yup.boolean().oneOf([true], label('acceptTermsRequired')),
    acceptSubscriptionTerms: hasSubscription
      ? yup.boolean().oneOf([true], label('acceptSubscriptionTermsRequired'))
      : yup.boolean(),
  });
}

/** The contact fields: what pricing a discount code needs filled in first. */
export const CONTACT_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'description',
  'password',
] as const;

/** The fields of the form; a server error on any other (but the lines') is told in the banner. */
const FORM_FIELDS: readonly string[] = [
  ...CONTACT_FIELDS,
  'createUser',
  'paymentMethod',
  'saveCard',
  'discountCode',
  'acceptTerms',
  'acceptSubscriptionTerms',
  'deliveryName',
  'deliveryStreet',
  'deliveryPostcode',
  'deliveryCity',
];

/** A seat-ticket line whose seat is not held for the cart: 'Plads skal vælges!' on it. */
export function seatErrors(cart: Cart, t: TFunction): FormikErrors<CheckoutValues> {
  let errors: FormikErrors<CheckoutValues> = {};
  cart.orderLines.forEach((line, index) => {
    if (line.type === SEAT_TICKET && (!line.seat || !line.seatHeld)) {
      errors = setIn(errors, `orderLines.${index}.seat`, t('shop.checkout.seatRequired'));
    }
  });
  return errors;
}

/**
 * What the server is sent: the form as CheckoutInput. A visitor's password goes only with a user;
 * a visitor pays with a new card; 'Gem kort' counts only where it was offered (a signed-in
 * customer at a club that keeps cards, no subscription in the cart) and for a new card.
 */
export function checkoutInput(
  values: CheckoutValues,
  visitor: boolean,
  saveCardOffered = false,
  delivery: DeliveryMethod | null = null,
): CheckoutInput {
  const sent = delivery === 'address';
  const address = (value: string) => (sent ? value.trim() : null);
  const createUser = visitor && values.createUser;
  const paymentMethod = visitor ? CARD_METHOD : values.paymentMethod;
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    description: values.description.trim() || null,
    createUser,
    password: createUser ? values.password : null,
    paymentMethod,
    saveCard: saveCardOffered && paymentMethod === CARD_METHOD && values.saveCard,
    discountCode: values.discountCode.trim() || null,
    acceptTerms: values.acceptTerms,
    acceptSubscriptionTerms: values.acceptSubscriptionTerms,
    deliveryName: address(values.deliveryName),
    deliveryStreet: address(values.deliveryStreet),
    deliveryPostcode: address(values.deliveryPostcode),
    deliveryCity: address(values.deliveryCity),
  };
}

/** A refusal of the server, split into what shows on the form and what the banner tells. */
export interface PlacedRefusal {
  /** On the form's fields and the summary's lines ('orderLines.{i}', 'orderLines.{i}.seat'). */
  errors: Record<string, string[]>;
  /** The messages of the other fields ('orderLines': the cart is empty …). */
  others: string[];
  /** The cart is not what the page shows: it is read again. */
  cartChanged: boolean;
}

function isFormField(field: string): boolean {
  return FORM_FIELDS.includes(field) || /^orderLines\.\d+(\.seat)?$/.test(field);
}

export function placeRefusal(failure: unknown): PlacedRefusal {
  const all = (isApiError(failure) && failure.errors) || {};
  const errors: Record<string, string[]> = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(all)) {
    const texts = Array.isArray(messages) ? messages : [String(messages)];
    if (isFormField(field)) errors[field] = texts;
    else others.push(...texts);
  }
  return { errors, others, cartChanged: 'orderLines' in all };
}

/**
 * The server answered (a refusal it meant): a new attempt needs a new key. Anything else (no
 * answer, a server failure) may have made the order: the next attempt sends the same key, which
 * answers the same order.
 */
export function answeredRefusal(failure: unknown): boolean {
  return isApiError(failure) && typeof failure.status === 'number' && failure.status < 500;
}

/** What the server priced: the cart's lines and amounts, so that a changed cart is priced anew. */
export function cartKey(cart: Cart): string {
  return cart.orderLines.map((line) => `${line.id}:${line.amount}`).join(',');
}
