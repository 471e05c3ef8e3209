import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { CheckboxField, TextField } from '../../shared/ui/FormFields';
import { yup } from '../../shared/validation';
import { useGetInvoiceGroupQuery, useSaveInvoiceGroupMutation } from './productsApi';

/** /products/invoicegroups/{id} ('create' = new). */
export function InvoiceGroupPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetInvoiceGroupQuery(id, { skip: isNew });
  const [save] = useSaveInvoiceGroupMutation();
  const group = isNew ? undefined : query.data;
  const initialValues = useMemo(
    () => ({
      title: group?.title ?? '',
      sku: group?.sku ?? '',
      sorting: group?.sorting === null || group?.sorting === undefined ? '' : String(group.sorting),
      vatExempt: group?.vatExempt ?? false,
    }),
    [group],
  );
  const schema = useMemo(
    () =>
      yup.object({
        title: yup.string().label(t('products.fields.title')).trim().required(),
        sorting: yup.string().label(t('products.fields.sorting')).trim().numeric(),
      }),
    [t],
  );
  return (
    <EditorPage
      id={id}
      basePath="/products/invoicegroups"
      title={isNew ? t('products.invoiceGroups.createTitle') : (group?.title ?? '')}
      label={t('products.invoiceGroups.editorTitle')}
      load={query}
      loaded={Boolean(group)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          id: isNew ? null : id,
          version: group?.version ?? null,
          title: values.title.trim(),
          sku: values.sku.trim(),
          sorting: values.sorting.trim() === '' ? null : Number(values.sorting.trim()),
          vatExempt: values.vatExempt,
        }).unwrap()
      }
      createdMessage={t('products.invoiceGroups.created')}
      savedMessage={t('products.invoiceGroups.saved')}
    >
      {() => (
        <div className="tb-form-grid">
          <TextField name="title" label={t('products.fields.title')} />
          <TextField name="sku" label={t('products.fields.sku')} />
          <TextField name="sorting" label={t('products.fields.sorting')} inputMode="numeric" />
          <CheckboxField name="vatExempt" label={t('products.fields.vatExempt')} />
        </div>
      )}
    </EditorPage>
  );
}
