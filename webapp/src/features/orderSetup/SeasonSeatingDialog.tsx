import { Formik, type FormikHelpers, type FormikValues } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import { apiErrorMessage } from '../../api/baseApi';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { useToast } from '../../shared/ui/Toast';
import { formFieldOf } from './seasonSeating';

interface SeasonSeatingDialogProps<V extends FormikValues> {
  title: string;
  initialValues: V;
  schema: AnyObjectSchema;
  /** Sends the values; a refusal's field errors land on their fields. */
  save: (values: V) => Promise<unknown>;
  savedMessage: string;
  onHide: () => void;
  children: ReactNode;
}

/**
 * A dialog of the season's seating ('Opret sæsonkort', 'Opret salgskanal'): its form, saved with
 * a toast and closed, or the server's refusal shown on its fields; 'Fortryd' closes it.
 */
export function SeasonSeatingDialog<V extends FormikValues>({
  title,
  initialValues,
  schema,
  save,
  savedMessage,
  onHide,
  children,
}: SeasonSeatingDialogProps<V>) {
  const { t } = useTranslation();
  const toast = useToast();

  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    try {
      await save(values);
      toast.success(savedMessage);
      onHide();
    } catch (error) {
      if (applyServerErrors(helpers.setErrors, error, formFieldOf)) return;
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    }
  };

  return (
    <Dialog
      header={title}
      visible
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '70vw' }}
      breakpoints={{ '960px': '85vw', '640px': '95vw' }}
    >
      {/* The dialog sits inside the season form in React's tree: its submit must not reach it. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Formik<V> initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form className="tb-form" label={title}>
              {children}
              <div className="tb-form-actions">
                <Button
                  type="button"
                  text
                  label={t('orderSetup.seating.cancel')}
                  onClick={onHide}
                />
                <Button
                  type="submit"
                  icon="pi pi-save"
                  label={t('common.save')}
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      </div>
    </Dialog>
  );
}
