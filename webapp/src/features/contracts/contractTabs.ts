import type { FormikErrors } from 'formik';
import type { ContractFormValues } from './contractSchema';

/** The contract page's tabs (spec 3 §2 "Contract editor"), keyed as the spec numbers them. */
export const CONTRACT_TAB = 10;
export const INVOICES_TAB = 20;
export const FILES_TAB = 30;
export const DETAILS_TAB = 40;
export const NOTES_TAB = 80;
export const HISTORY_TAB = 90;

/** The tab holding the messages: the custom fields are on Detaljer, every other field on Aftale. */
export function tabOfErrors(errors: FormikErrors<ContractFormValues> | Record<string, unknown>) {
  const fields = Object.keys(errors);
  return fields.length > 0 && fields.every((field) => field.startsWith('fieldValues'))
    ? DETAILS_TAB
    : CONTRACT_TAB;
}
