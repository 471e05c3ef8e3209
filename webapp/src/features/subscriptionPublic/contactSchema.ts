import type { TFunction } from 'i18next';
import type { Customer } from '../../api/generated/subscriptions';
import { yup } from '../../shared/validation';

/**
 * Spec 3 §5 "Public subscription contact form", as the server checks it: firstname, lastname and
 * phone required; e-mail required and valid.
 */
export function contactSchema(t: TFunction) {
  return yup.object({
    firstname: yup.string().label(t('subscriptionPublic.contact.firstname')).trim().required(),
    lastname: yup.string().label(t('subscriptionPublic.contact.lastname')).trim().required(),
    email: yup.string().label(t('subscriptionPublic.contact.email')).trim().required().email(),
    phone: yup.string().label(t('subscriptionPublic.contact.phone')).trim().required(),
  });
}

/** The contact as the server keeps it: trimmed. */
export function trimmedCustomer(customer: Customer): Customer {
  return {
    firstname: customer.firstname.trim(),
    lastname: customer.lastname.trim(),
    email: customer.email.trim(),
    phone: customer.phone.trim(),
  };
}
