import { getIn, useFormikContext } from 'formik';
import type { SeatChartFormValues } from './seatChartSchema';

/**
 * An error on a list itself ('Tilføj mindst én række', or the server's 'Kategorien X sælges af
 * produktet Y og kan ikke fjernes'), shown once the form was submitted.
 */
export function ListError({ name }: { name: string }) {
  const { errors, submitCount } = useFormikContext<SeatChartFormValues>();
  const error: unknown = getIn(errors, name);
  if (typeof error !== 'string' || submitCount === 0) return null;
  return (
    <small className="p-error" role="alert">
      {error}
    </small>
  );
}
