import {
  Formik,
  type FormikErrors,
  type FormikHelpers,
  type FormikProps,
  type FormikValues,
} from 'formik';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AnyObjectSchema } from 'yup';
import { apiErrorMessage } from '../../api/baseApi';
import { saveErrorMessage } from '../conflict';
import { Alert } from './Alert';
import { Form } from './Form';
import { applyServerErrors } from './formErrors';
import { Preloader } from './Preloader';
import { useToast } from './Toast';

/** The id in an editor route that means "a new one". */
export const NEW_ID = 'create';

interface LoadState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface EditorPageProps<V extends FormikValues> {
  /** The route's id; 'create' for a new entity. */
  id: string;
  /** The list route; a saved entity lives at `{basePath}/{id}`. */
  basePath: string;
  /** The heading. */
  title: string;
  /** The form's accessible name. */
  label: string;
  load: LoadState;
  /** False while the saved entity is not there yet. */
  loaded: boolean;
  initialValues: V;
  schema: AnyObjectSchema;
  /**
   * Errors the schema cannot know, merged with its own (e.g. the server's answer to a preview of
   * exactly these values).
   */
  validate?: (values: V) => FormikErrors<V>;
  /**
   * Saves and returns the id. A saved entity's save sends the version it was read with: a reload
   * after each save brings the next one.
   */
  save: (values: V) => Promise<string>;
  createdMessage: string;
  savedMessage: string;
  /** Called after a save of an existing entity (e.g. to forget a chosen file). */
  afterSave?: (helpers: FormikHelpers<V>) => void;
  children: (form: FormikProps<V>) => ReactNode;
}

/**
 * The editor screen of a catalogue entity (spec 3 §4): saving a new one shows the created message
 * and replaces the route with the new id; saving an existing one shows the saved message and
 * reloads it (and so its new version). A 422 puts the server's messages on the fields; a 409 (a
 * stale version) shows the server's text and keeps what was typed.
 */
export function EditorPage<V extends FormikValues>({
  id,
  basePath,
  title,
  label,
  load,
  loaded,
  initialValues,
  schema,
  validate,
  save,
  createdMessage,
  savedMessage,
  afterSave,
  children,
}: EditorPageProps<V>) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const isNew = id === NEW_ID;

  if (!isNew && load.isLoading) return <Preloader label={t('common.loading')} />;
  if (!isNew && (load.isError || !loaded)) {
    return (
      <section className="tb-page">
        <Alert severity="error">{apiErrorMessage(load.error) ?? t('common.notFound')}</Alert>
        <Link to={basePath}>{t('common.back')}</Link>
      </section>
    );
  }

  return (
    <Formik<V>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      validate={validate}
      onSubmit={async (values, helpers) => {
        try {
          const savedId = await save(values);
          if (isNew) {
            toast.success(createdMessage);
            navigate(`${basePath}/${savedId}`, { replace: true });
          } else {
            toast.success(savedMessage);
            await load.refetch();
            afterSave?.(helpers);
          }
        } catch (error) {
          const fieldErrors = applyServerErrors(helpers.setErrors, error);
          const message = saveErrorMessage(
            error,
            t,
            fieldErrors ? undefined : t('common.errors.generic'),
          );
          if (message) toast.error(message);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page" label={label}>
          <div className="tb-page-header">
            <h1>{title}</h1>
            <div className="tb-page-actions">
              <Link to={basePath} className="p-button p-component p-button-text">
                {t('common.back')}
              </Link>
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('common.save')}
                loading={form.isSubmitting}
              />
            </div>
          </div>
          {children(form)}
        </Form>
      )}
    </Formik>
  );
}
