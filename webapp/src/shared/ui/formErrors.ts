import { setIn, type FormikErrors } from 'formik';
import { isApiError } from '../../api/baseApi';

/**
 * Shows a 422's `errors` on the matching fields ('extraInfo.<alias>' lands on that nested field).
 * `fieldOf` renames a server field to the form's. Returns true when there were field errors.
 */
export function applyServerErrors<V>(
  setErrors: (errors: FormikErrors<V>) => void,
  error: unknown,
  fieldOf: (serverField: string) => string = (field) => field,
): boolean {
  if (!isApiError(error) || !error.errors) return false;
  let errors: FormikErrors<V> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    // The contract sends a list per field; a single text is taken as it is.
    const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
    errors = setIn(errors, fieldOf(field), text);
  }
  setErrors(errors);
  return Object.keys(error.errors).length > 0;
}
