import type { TFunction } from 'i18next';
import { yup } from '../../shared/validation';
import type { Season, SeasonPayload, SeasonSeat } from './types';

export interface SeasonFormValues {
  title: string;
  startDate: string | null;
  endDate: string | null;
  parentId: string | null;
  reservations: boolean;
  inactive: boolean;
  seats: SeasonSeat[];
}

/** Spec 3 §5: title, start and end date required; the end after the start (as the server says). */
export function seasonSchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('orderSetup.fields.title')).trim().required(),
    startDate: yup.string().nullable().label(t('orderSetup.fields.startDate')).required(),
    endDate: yup
      .string()
      .nullable()
      .label(t('orderSetup.fields.endDate'))
      .required()
      .test('after-start', t('orderSetup.seasons.endBeforeStart'), function afterStart(value) {
        const start = (this.parent as SeasonFormValues).startDate;
        return !value || !start || value >= start;
      }),
  });
}

export function seasonFormValues(season?: Season): SeasonFormValues {
  return {
    title: season?.title ?? '',
    startDate: season?.startDate ?? null,
    endDate: season?.endDate ?? null,
    parentId: season?.parentId ?? null,
    reservations: season?.reservations ?? false,
    inactive: season?.inactive ?? false,
    seats: season?.seats ?? [],
  };
}

/**
 * A reservation season has no parent (spec 3 §4), whatever the hidden select still holds.
 * `stored`: the season as read (its version goes back with the save); none for a new one.
 */
export function seasonPayload(
  id: string | null,
  values: SeasonFormValues,
  stored?: Season,
): SeasonPayload {
  return {
    id,
    version: stored?.version ?? null,
    title: values.title.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    parentId: values.reservations ? null : values.parentId,
    reservations: values.reservations,
    inactive: values.inactive,
    seats: values.seats,
  };
}
