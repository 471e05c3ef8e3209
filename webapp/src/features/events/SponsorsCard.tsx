import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { Section } from '../../shared/ui/Section';
import type { EventFormValues, SponsorFormValues } from '../../shared/events/eventForm';
import type { CompanyRef } from '../../shared/events/types';
import { ChosenList } from './ChosenList';

function SponsorType({
  type,
  companies,
  error,
  onChange,
}: {
  type: string;
  companies: CompanyRef[];
  error?: string;
  onChange: (companies: CompanyRef[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="tb-stack">
      <legend id={id}>{type}</legend>
      {companies.length > 0 && (
        <ChosenList
          items={companies}
          labelledBy={id}
          show={(company) => <Link to={`/companies/${company.id}`}>{company.name}</Link>}
          removeLabel={(company) => t('events.sponsors.remove', { name: company.name, type })}
          onChange={onChange}
        />
      )}
      <CompanyPicker
        label={t('events.sponsors.add', { type })}
        value={null}
        placeholder={t('common.relations.companyPlaceholder')}
        error={error}
        onChange={(company) => {
          if (companies.some((chosen) => chosen.id === company.id)) return;
          onChange([...companies, { id: company.id, name: company.name }]);
        }}
      />
    </fieldset>
  );
}

/**
 * 'Sponsorer': for each of the club's sponsor types (its settings), the sponsoring companies; a
 * type the event has but the settings no longer name stays until its companies are removed.
 */
export function SponsorsCard({ sponsorTypes }: { sponsorTypes: string[] }) {
  const { t } = useTranslation();
  const { values, errors, setValues } = useFormikContext<EventFormValues>();
  const types = [
    ...sponsorTypes,
    ...values.sponsors
      .map((sponsor) => sponsor.type)
      .filter((type) => !sponsorTypes.includes(type)),
  ];
  const setCompanies = (type: string, companies: CompanyRef[]) =>
    void setValues((current) => {
      const changed: SponsorFormValues = { type, companies };
      const known = current.sponsors.some((sponsor) => sponsor.type === type);
      const sponsors = known
        ? current.sponsors.map((sponsor) => (sponsor.type === type ? changed : sponsor))
        : [...current.sponsors, changed];
      // The save leaves out types without companies; so does the form, so a 422's index matches.
      return { ...current, sponsors: sponsors.filter((sponsor) => sponsor.companies.length > 0) };
    });
  return (
    <Section title={t('events.sections.sponsors')}>
      {types.length === 0 ? (
        <p>{t('events.sponsors.noTypes')}</p>
      ) : (
        <div className="tb-stack">
          {types.map((type) => {
            const index = values.sponsors.findIndex((sponsor) => sponsor.type === type);
            const error: unknown = index >= 0 ? getIn(errors, `sponsors.${index}.companies`) : null;
            return (
              <SponsorType
                key={type}
                type={type}
                companies={index >= 0 ? (values.sponsors[index]?.companies ?? []) : []}
                error={typeof error === 'string' ? error : undefined}
                onChange={(companies) => setCompanies(type, companies)}
              />
            );
          })}
        </div>
      )}
    </Section>
  );
}
