import { getIn, useFormikContext } from 'formik';

/** The message of the form field `name` once the field was touched or the form submitted. */
export function useShownError(name: string): string | undefined {
  const { errors, touched, submitCount } = useFormikContext();
  const error: unknown = getIn(errors, name);
  const shown = Boolean(getIn(touched, name)) || submitCount > 0;
  return shown && typeof error === 'string' ? error : undefined;
}
