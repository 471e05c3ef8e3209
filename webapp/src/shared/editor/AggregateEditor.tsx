import { Formik, useFormikContext, type FormikHelpers, type FormikValues } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { isConflict } from '../conflict';
import { Form } from '../ui/Form';
import { applyServerErrors } from '../ui/formErrors';
import { useToast } from '../ui/Toast';

/** A failed write of the editor: shows it on the form and in a toast. */
export type WriteFailed = (error: unknown) => Promise<void>;

/** The messages of a failed submit or of a refused save, by field. */
type FieldErrors = Record<string, unknown>;

/** A failed submit tells the editor the messages, once per submit. */
function OnInvalidSubmit({ onInvalid }: { onInvalid: (errors: FieldErrors) => void }) {
  const { submitCount, isValid, isSubmitting, errors } = useFormikContext();
  const handled = useRef(0);
  const listener = useRef(onInvalid);
  useEffect(() => {
    listener.current = onInvalid;
  });
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    listener.current(errors as FieldErrors);
  }, [submitCount, isValid, isSubmitting, errors]);
  return null;
}

export interface AggregateEditorTexts {
  /** The heading ('Aftale #12', 'Opret aftale'). */
  title: string;
  /** The form's accessible name. */
  label: string;
  /** A new one was saved. */
  created: string;
  /** A saved one was saved again. */
  saved: string;
  /** A stale save (409) without the server's text. */
  conflict: string;
  /** Any other refusal without the server's text ('Der opstod en ukendt fejl!'). */
  unknown: string;
}

interface AggregateEditorProps<E extends { id: string | null }, V extends FormikValues> {
  /** As read: a saved one, or the server's template of a new one (no id). */
  entity: E;
  /** Reads the saved entity again and returns it. */
  reload: () => Promise<E>;
  /** The form's values of an entity. */
  formValues: (entity: E) => V;
  /** The form's yup schema. */
  schema: unknown;
  /** Saves the form with the version the entity was read at; returns the id. */
  save: (values: V) => Promise<string>;
  /** The form's name of a field the server names in a 422. */
  fieldOf: (serverField: string) => string;
  /** The list, where 'Tilbage' goes. */
  listPath: string;
  /** A saved entity's page, where a new one goes once saved. */
  pathOf: (id: string) => string;
  texts: AggregateEditorTexts;
  className: string;
  /** The heading is struck through (a cancelled one). */
  struck: boolean;
  /** Beside the heading, e.g. the status. */
  badge?: ReactNode;
  /** 'Gem' is offered; a function decides by the form's values (e.g. not on the point-of-sale tab). */
  canSave: boolean | ((values: V) => boolean);
  /** A submit failed the checks or the server refused fields: show the tab with the messages. */
  onInvalid: (errors: FieldErrors) => void;
  /** Before 'Gem', e.g. the actions menu of a saved one. */
  actions?: (failed: WriteFailed) => ReactNode;
  /** Below the heading: the tabs. */
  children: (failed: WriteFailed) => ReactNode;
}

/**
 * The editor page of an aggregate with a version (a contract, a subscription): the heading with
 * 'Tilbage', the actions and 'Gem', then the tabs. Saving a new one shows `created` and goes to its
 * page; saving a saved one shows `saved` and reads it again. A failed write: a 409 shows the
 * server's text and reads the entity again (the form shows the server's state); other refusals put
 * their messages on the fields, show their tab and show the server's text, else `unknown`.
 */
export function AggregateEditor<E extends { id: string | null }, V extends FormikValues>({
  entity,
  reload,
  formValues,
  schema,
  save,
  fieldOf,
  listPath,
  pathOf,
  texts,
  className,
  struck,
  badge,
  canSave,
  onInvalid,
  actions,
  children,
}: AggregateEditorProps<E, V>) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const initialValues = useMemo(() => formValues(entity), [formValues, entity]);
  const savedId = entity.id;

  async function failed(
    error: unknown,
    helpers: Pick<FormikHelpers<V>, 'resetForm' | 'setErrors'>,
  ) {
    if (isConflict(error)) {
      toast.error(apiErrorMessage(error) ?? texts.conflict);
      if (savedId) {
        const fresh = await reload();
        helpers.resetForm({ values: formValues(fresh) });
      }
      return;
    }
    if (applyServerErrors(helpers.setErrors, error, fieldOf)) {
      onInvalid((error as { errors: FieldErrors }).errors);
    }
    toast.error(apiErrorMessage(error) ?? texts.unknown);
  }

  return (
    <Formik<V>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const id = await save(values);
          if (!savedId) {
            toast.success(texts.created);
            navigate(pathOf(id), { replace: true });
          } else {
            toast.success(texts.saved);
            const fresh = await reload();
            helpers.resetForm({ values: formValues(fresh) });
          }
        } catch (error) {
          await failed(error, helpers);
        }
      }}
    >
      {(form) => {
        const failedWrite: WriteFailed = (error) => failed(error, form);
        const savable = typeof canSave === 'function' ? canSave(form.values) : canSave;
        return (
          <Form className={className} label={texts.label}>
            <OnInvalidSubmit onInvalid={onInvalid} />
            <div className="tb-page-header">
              <div className="tb-order-heading">
                <h1>{struck ? <s>{texts.title}</s> : texts.title}</h1>
                {badge}
              </div>
              <div className="tb-page-actions">
                <Link to={listPath} className="p-button p-component p-button-text">
                  {t('common.back')}
                </Link>
                {actions?.(failedWrite)}
                {savable && (
                  <Button
                    type="submit"
                    icon="pi pi-save"
                    label={t('common.save')}
                    loading={form.isSubmitting}
                  />
                )}
              </div>
            </div>
            {children(failedWrite)}
          </Form>
        );
      }}
    </Formik>
  );
}
