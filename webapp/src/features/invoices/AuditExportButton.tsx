import { Form, Formik } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { apiErrorMessage } from '../../api/baseApi';
import { dateToDay } from '../../shared/format';
import { DateField, SelectField } from '../../shared/ui/FormFields';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { useToast } from '../../shared/ui/Toast';
import { useExportAuditPeriodMutation, type AuditPeriod } from './auditApi';

interface PeriodValues {
  from: string | null;
  to: string | null;
  format: AuditPeriod['format'];
}

/** This year so far: what an auditor most often asks for first. */
function thisYear(): PeriodValues {
  const today = new Date();
  return { from: `${today.getFullYear()}-01-01`, to: dateToDay(today), format: 'xlsx' };
}

/**
 * 'Revisionseksport' on the invoices page (issue 37 §4): a period and a form, then the export of
 * the period's invoices, credit notes, payments and bookings with their events and chain hashes,
 * as a workbook or as JSON signed with the installation's key.
 */
export function AuditExportButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [exportPeriod] = useExportAuditPeriodMutation();
  const initialValues = useMemo(thisYear, []);
  const schema = useMemo(
    () =>
      yup.object({
        from: yup.string().nullable().required(t('invoices.audit.fromRequired')),
        to: yup
          .string()
          .nullable()
          .required(t('invoices.audit.toRequired'))
          .test('after', t('invoices.audit.toBeforeFrom'), function after(to) {
            const { from } = this.parent as PeriodValues;
            return !from || !to || to >= from;
          }),
        format: yup.string().oneOf(['xlsx', 'json']).required(),
      }),
    [t],
  );
  return (
    <>
      <Button
        type="button"
        outlined
        icon="pi pi-download"
        label={t('invoices.audit.open')}
        onClick={() => setOpen(true)}
      />
      <Dialog
        header={t('invoices.audit.title')}
        visible={open}
        onHide={() => setOpen(false)}
        ariaCloseIconLabel={t('common.close')}
        style={{ width: '32rem' }}
        breakpoints={{ '640px': '95vw' }}
      >
        <Formik<PeriodValues>
          initialValues={initialValues}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              await exportPeriod({
                from: values.from ?? '',
                to: values.to ?? '',
                format: values.format,
              }).unwrap();
              toast.success(t('invoices.audit.done'));
              setOpen(false);
            } catch (error) {
              if (!applyServerErrors(helpers.setErrors, error)) {
                toast.error(apiErrorMessage(error) ?? t('invoices.audit.failed'));
              }
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form className="tb-stack" aria-label={t('invoices.audit.title')}>
              <p>{t('invoices.audit.help')}</p>
              <DateField name="from" label={t('invoices.audit.from')} />
              <DateField name="to" label={t('invoices.audit.to')} />
              <SelectField<AuditPeriod['format']>
                name="format"
                label={t('invoices.audit.format')}
                options={[
                  { label: t('invoices.audit.formats.xlsx'), value: 'xlsx' },
                  { label: t('invoices.audit.formats.json'), value: 'json' },
                ]}
              />
              <div className="tb-form-actions">
                <Button
                  type="submit"
                  icon="pi pi-download"
                  label={t('invoices.audit.download')}
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      </Dialog>
    </>
  );
}
