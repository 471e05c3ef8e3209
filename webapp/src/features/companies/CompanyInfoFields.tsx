import { useFormikContext } from 'formik';
import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import type { ExtraInfoDefinition } from '../../shared/extraInfo';
import { fullName } from '../../shared/format';
import { ExtraInfoFields } from '../../shared/ui/ExtraInfoFields';
import { CheckboxField, DateField, SelectField, TextField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { useGetStaffUsersQuery } from './companiesApi';
import type { CompanyFormValues } from './companySchema';
import { companyStatusOptions } from './companyStatus';
import { HIDDEN_COMPONENT, useCustomComponent } from '../../shared/moduleOverrides';
import { CvrLookup } from './CvrLookup';
import type { CvrCompany } from './types';

interface CompanyInfoFieldsProps {
  definitions: ExtraInfoDefinition[];
  /** The owner, once chosen, cannot be emptied (spec 1 §5). */
  ownerChosen: boolean;
}

/** The company info form of the Virksomhed tab, with the CVR lookup (spec 1 §2, §3). */
export function CompanyInfoFields({ definitions, ownerChosen }: CompanyInfoFieldsProps) {
  const cvrLookup = useCustomComponent('companies', 'cvrLookup');
  const { t } = useTranslation();
  const { setValues } = useFormikContext<CompanyFormValues>();
  const { data: users = [] } = useGetStaffUsersQuery();
  const owners = users.map((user) => ({ label: fullName(user) || user.email, value: user.id }));

  const fillFrom = (found: CvrCompany) =>
    void setValues(
      (current) => ({
        ...current,
        name: found.name ?? current.name,
        cvr: found.cvr ?? current.cvr,
        address: found.address ?? current.address,
        zipCode: found.zipCode ?? current.zipCode,
        city: found.city ?? current.city,
        email: found.email ?? current.email,
        phone: found.phone ?? current.phone,
        website: found.website ?? current.website,
      }),
      true,
    );

  return (
    <div className="tb-company-info">
      <Card className="tb-card">
        <h2 className="tb-card-title">{t('companies.sections.info')}</h2>
        {cvrLookup !== HIDDEN_COMPONENT && <CvrLookup onChoose={fillFrom} />}
        <div className="tb-form-grid">
          <TextField name="name" label={t('companies.fields.name')} />
          <TextField name="cvr" label={t('companies.fields.cvr')} inputMode="numeric" />
          <TextField name="address" label={t('companies.fields.address')} />
          <TextField name="zipCode" label={t('companies.fields.zipCode')} />
          <TextField name="city" label={t('companies.fields.city')} />
          <TextField name="email" type="email" label={t('companies.fields.email')} />
          <TextField name="phone" type="tel" label={t('companies.fields.phone')} />
          <TextField name="website" type="url" label={t('companies.fields.website')} />
          <TextField name="ean" label={t('companies.fields.ean')} inputMode="numeric" />
        </div>
        <div className="tb-form-row">
          <CheckboxField name="useEAN" label={t('companies.fields.useEAN')} />
          <CheckboxField name="vatExcluded" label={t('companies.fields.vatExcluded')} />
        </div>
      </Card>
      <Card className="tb-card">
        <h2 className="tb-card-title">{t('companies.sections.status')}</h2>
        <div className="tb-form-grid">
          <SelectField
            name="status"
            label={t('companies.fields.status')}
            options={companyStatusOptions(t)}
          />
          <DateField name="followUpDate" label={t('companies.fields.followUpDate')} />
          <SelectField
            name="ownerId"
            label={t('companies.fields.owner')}
            options={owners}
            filter
            showClear={!ownerChosen}
            placeholder={t('companies.fields.ownerPlaceholder')}
          />
        </div>
      </Card>
      {definitions.length > 0 && (
        <Card className="tb-card">
          <h2 className="tb-card-title">{t('companies.sections.extraInfo')}</h2>
          <div className="tb-form-grid">
            <ExtraInfoFields definitions={definitions} />
          </div>
        </Card>
      )}
      <Card className="tb-card">
        <h2 className="tb-card-title">{t('companies.sections.logos')}</h2>
        <div className="tb-form-grid">
          <ImageField name="logoWebFile" urlName="logoWeb" label={t('companies.fields.logoWeb')} />
          <ImageField
            name="logoPrintFile"
            urlName="logoPrint"
            label={t('companies.fields.logoPrint')}
          />
        </div>
      </Card>
    </div>
  );
}
