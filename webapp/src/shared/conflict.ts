import type { TFunction } from 'i18next';
import { apiErrorMessage, isApiError } from '../api/baseApi';

/**
 * The answer to a save made from an old version (HTTP 409): someone else saved the order or row
 * since this screen read it, and the server changed nothing.
 */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * The toast of a refused save: the server's own text (a stale save's names what changed, e.g.
 * 'Virksomheden er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.'), else a
 * conflict's general text, else `fallback`. An editor of a plain table keeps the form's values and
 * the version it read after a conflict, so nothing typed is lost and a second save is refused too
 * until the page is read again.
 */
export function saveErrorMessage(error: unknown, t: TFunction, fallback: string): string;
export function saveErrorMessage(
  error: unknown,
  t: TFunction,
  fallback?: string,
): string | undefined;
export function saveErrorMessage(
  error: unknown,
  t: TFunction,
  fallback?: string,
): string | undefined {
  return apiErrorMessage(error) ?? (isConflict(error) ? t('common.errors.conflict') : fallback);
}
