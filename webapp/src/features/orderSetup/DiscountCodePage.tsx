import { useFormikContext } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSearchProductsQuery } from '../../shared/pickers/pickersApi';
import type { ProductPick } from '../../shared/pickers/types';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import {
  CheckboxField,
  DateField,
  DecimalField,
  MultiSelectField,
  TextField,
} from '../../shared/ui/FormFields';
import {
  discountCodeFormValues,
  discountCodePayload,
  discountCodeSchema,
  type DiscountCodeFormValues,
} from './discountCodeSchema';
import { useGetDiscountCodeQuery, useSaveDiscountCodeMutation } from './orderSetupApi';

function DiscountCodeFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<DiscountCodeFormValues>();
  const [search, setSearch] = useState('');
  const found = useSearchProductsQuery(search).data;
  // Chosen products keep their names while another search shows other products.
  const known = useRef(new Map<string, ProductPick>());
  for (const product of found ?? []) known.current.set(product.id, product);
  const options = [...known.current.values()]
    .filter(
      (product) =>
        values.productIds.includes(product.id) || found?.some((item) => item.id === product.id),
    )
    .map((product) => ({ label: product.title, value: product.id }));
  return (
    <div className="tb-form-grid">
      <TextField name="title" label={t('orderSetup.fields.title')} />
      <TextField name="code" label={t('orderSetup.fields.code')} />
      <DateField name="expires" label={t('orderSetup.fields.expires')} />
      <TextField name="amount" label={t('orderSetup.fields.amount')} inputMode="numeric" />
      <CheckboxField name="percentage" label={t('orderSetup.fields.percentage')} />
      <DecimalField
        name="discount"
        label={t('orderSetup.fields.discount')}
        help={
          values.percentage
            ? t('orderSetup.discountCodes.percentHelp')
            : t('orderSetup.discountCodes.amountHelp')
        }
      />
      <CheckboxField name="active" label={t('orderSetup.fields.active')} />
      <MultiSelectField
        name="productIds"
        label={t('orderSetup.fields.products')}
        options={options}
        filter
        onFilter={setSearch}
      />
    </div>
  );
}

/** /orders/discount-codes/{id} ('create' = new). A used code is refused by the server. */
export function DiscountCodePage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetDiscountCodeQuery(id, { skip: isNew });
  const [save] = useSaveDiscountCodeMutation();
  const code = isNew ? undefined : query.data;
  const initialValues = useMemo(() => discountCodeFormValues(code), [code]);
  const schema = useMemo(() => discountCodeSchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/orders/discount-codes"
      title={isNew ? t('orderSetup.discountCodes.createTitle') : (code?.title ?? '')}
      label={t('orderSetup.discountCodes.editorTitle')}
      load={query}
      loaded={Boolean(code)}
      initialValues={initialValues}
      schema={schema}
      save={(values) => save(discountCodePayload(isNew ? null : id, values, code)).unwrap()}
      createdMessage={t('orderSetup.discountCodes.created')}
      savedMessage={t('orderSetup.discountCodes.saved')}
    >
      {() => <DiscountCodeFields />}
    </EditorPage>
  );
}
