import type { CompanyRef } from '../../api/generated/orders';
import type { CompanyPick } from '../pickers/types';
import { yup } from '../validation';

/**
 * The form's name of a field the server names in a 422: 'companyId' and 'contactId' are the
 * relation pickers' 'company' and 'contact'; every other field keeps its name.
 */
export function relationFieldOf(serverField: string): string {
  if (serverField === 'companyId') return 'company';
  if (serverField === 'contactId') return 'contact';
  return serverField;
}

/** A picked company as an editor keeps it (the picker knows no address). */
export function companyRefOf(pick: CompanyPick): CompanyRef {
  return { id: pick.id, name: pick.name, address: null, zipCode: null, city: pick.city ?? null };
}

/** The rule of a required company or contact picker: one is chosen. */
export function requiredRelation(message: string) {
  return yup
    .mixed()
    .nullable()
    .test('chosen', message, (value) => Boolean(value));
}
