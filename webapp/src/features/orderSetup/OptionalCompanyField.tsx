import { useFormikContext } from 'formik';
import type { CompanyRef } from '../../api/generated/orders';
import { CompanyField } from '../../shared/editor/RelationFields';

/** 'Virksomhed' of a seating dialog's form field `company`: optional, and 'Fjern' once chosen. */
export function OptionalCompanyField() {
  const { values, setFieldValue } = useFormikContext<{ company: CompanyRef | null }>();
  return (
    <CompanyField
      value={values.company}
      onChange={(next) => void setFieldValue('company', next)}
      canChange
      canRemove
    />
  );
}
