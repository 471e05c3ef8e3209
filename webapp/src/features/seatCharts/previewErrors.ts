import { setIn, type FormikErrors, type FormikTouched } from 'formik';
import { useMemo, useRef } from 'react';
import { isApiError } from '../../api/baseApi';
import type { ChartInput } from '../../api/generated/seats';
import { previewInput, type SeatChartFormValues } from './seatChartSchema';

type ChartErrors = FormikErrors<SeatChartFormValues>;

/**
 * The server's field errors on the preview, kept with the input they answer. They count as the
 * form's errors (formik merges `validate` with the schema's) only while the form holds exactly
 * that input: a change hides them until the next preview answers.
 */
export interface PreviewErrors {
  /** The preview input of `values`, as a key. */
  keyOf: (values: SeatChartFormValues) => string;
  validate: (values: SeatChartFormValues) => ChartErrors;
  /** Keeps the errors of the input `key`; true when the form's errors change with them. */
  remember: (key: string, errors: ChartErrors) => boolean;
}

export function usePreviewErrors(standIn: string): PreviewErrors {
  const latest = useRef({ key: '', errors: {} as ChartErrors, text: '{}' });
  return useMemo(() => {
    const keyOf = (values: SeatChartFormValues) => JSON.stringify(previewInput(values, standIn));
    return {
      keyOf,
      validate: (values) => (keyOf(values) === latest.current.key ? latest.current.errors : {}),
      remember: (key, errors) => {
        const text = JSON.stringify(errors);
        const before = latest.current;
        if (before.key === key && before.text === text) return false;
        latest.current = { key, errors, text };
        return before.text !== '{}' || text !== '{}';
      },
    };
  }, [standIn]);
}

/** The server names fields; these are the ones a person types into (not the lists themselves). */
const FIELD = /(^name|\.(label|seats|categoryKey|curve|name|key|color))$/;

/** `touched` with the fields of `paths` touched, so that their messages show. */
export function touchedWith(
  touched: FormikTouched<SeatChartFormValues>,
  paths: string[],
): FormikTouched<SeatChartFormValues> {
  return paths
    .filter((path) => FIELD.test(path))
    .reduce<FormikTouched<SeatChartFormValues>>((next, path) => setIn(next, path, true), touched);
}

/**
 * The form's field for a field the server names about `input`. A standing area has no list of
 * rows to show an error on ('Et ståområde har præcis én række'): that goes on its capacity.
 */
export function formFieldOf(input: ChartInput | undefined): (serverField: string) => string {
  return (field) => {
    const section = /^sections\.(\d+)\.rows$/.exec(field)?.[1];
    const isArea = section !== undefined && input?.sections[Number(section)]?.generalAdmission;
    return isArea ? `${field}.0.seats` : field;
  };
}

/** A failed call's field errors under the form's names (`fieldOf`); anything else as it is. */
export function withFormFields(error: unknown, fieldOf: (serverField: string) => string): unknown {
  if (!isApiError(error) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const name = fieldOf(field);
    const texts = Array.isArray(messages) ? messages : [String(messages)];
    errors[name] = [...(errors[name] ?? []), ...texts];
  }
  return { ...error, errors };
}
