import { setNestedObjectValues, useFormikContext, type FormikErrors } from 'formik';
import { useState } from 'react';
import { useToast } from '../ui/Toast';

interface EditorActionsOptions<E extends { version: number }, V> {
  /** Reads the entity again and returns it. */
  reload: () => Promise<E>;
  /** The form's values of the entity read again. */
  formValues: (entity: E) => V;
  /** Saves the form's values. */
  save: (values: V) => Promise<unknown>;
  /** A failed write: shows the error (and after a 409 reads the entity again). */
  onError: (error: unknown) => Promise<void>;
}

/**
 * What the actions of an editor's menu share: one runs at a time (`busy`), says its success in a
 * toast or hands its error to `onError`; approving checks the form and saves unsaved changes first.
 */
export function useEditorActions<E extends { version: number }, V>({
  reload,
  formValues,
  save,
  onError,
}: EditorActionsOptions<E, V>) {
  const toast = useToast();
  const form = useFormikContext<V>();
  const [busy, setBusy] = useState(false);

  /** Runs `action`; on success shows `success`, then `after` (e.g. goes to the new entity). */
  async function run<T>(action: () => Promise<T>, success: string, after?: (result: T) => void) {
    setBusy(true);
    try {
      const result = await action();
      toast.success(success);
      after?.(result);
    } catch (error) {
      await onError(error);
    } finally {
      setBusy(false);
    }
  }

  /**
   * The form's messages and `extra` (what only an action checks), shown on their fields; null when
   * there are none.
   */
  async function invalidFields(extra: FormikErrors<V> = {}): Promise<FormikErrors<V> | null> {
    const errors: FormikErrors<V> = { ...(await form.validateForm()), ...extra };
    if (Object.keys(errors).length === 0) return null;
    form.setErrors(errors);
    void form.setTouched(setNestedObjectValues(errors, true), false);
    return errors;
  }

  /**
   * Saves unsaved changes and reads the entity again, so that an action sends the version the
   * save made; returns that version, or `version` when nothing was changed.
   */
  async function savedVersion(version: number): Promise<number> {
    if (!form.dirty) return version;
    await save(form.values);
    const saved = await reload();
    form.resetForm({ values: formValues(saved) });
    return saved.version;
  }

  return { busy, setBusy, run, invalidFields, savedVersion };
}
