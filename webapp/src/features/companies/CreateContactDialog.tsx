import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { TextField } from '../../shared/ui/FormFields';
import { useToast } from '../../shared/ui/Toast';
import { useCreateContactPersonMutation } from './companiesApi';
import { contactPersonSchema, emptyContactPerson } from './companySchema';
import type { CompanyContact } from './types';

interface CreateContactDialogProps {
  visible: boolean;
  onHide: () => void;
  onCreated: (contact: CompanyContact) => void;
}

/** 'Opret kontaktperson': creates a contact and hands it to the company's contact grid. */
export function CreateContactDialog({ visible, onHide, onCreated }: CreateContactDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [create] = useCreateContactPersonMutation();
  const schema = useMemo(() => contactPersonSchema(t), [t]);
  return (
    <Dialog
      header={t('companies.contactPerson.create')}
      visible={visible}
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: 'min(95vw, 32rem)' }}
    >
      {/* The dialog sits inside the company form in React's tree: its submit must not reach it. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Formik
          initialValues={emptyContactPerson}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            const contact = {
              firstname: values.firstname.trim(),
              lastname: values.lastname.trim(),
              email: values.email.trim(),
              phone: values.phone.trim(),
              mobile: values.mobile.trim(),
            };
            try {
              const id = await create(contact).unwrap();
              toast.success(t('companies.contactPerson.created'));
              onCreated({ id, ...contact });
              helpers.resetForm();
              onHide();
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('companies.contactPerson.failed'));
              applyServerErrors(helpers.setErrors, error);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form className="tb-form" label={t('companies.contactPerson.create')}>
              <TextField name="firstname" label={t('companies.contactPerson.firstname')} />
              <TextField name="lastname" label={t('companies.contactPerson.lastname')} />
              <TextField name="email" type="email" label={t('companies.contactPerson.email')} />
              <TextField name="phone" type="tel" label={t('companies.contactPerson.phone')} />
              <TextField name="mobile" type="tel" label={t('companies.contactPerson.mobile')} />
              <div className="tb-form-actions">
                <Button
                  type="button"
                  text
                  label={t('companies.contactPerson.cancel')}
                  onClick={onHide}
                />
                <Button
                  type="submit"
                  label={t('companies.contactPerson.submit')}
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
