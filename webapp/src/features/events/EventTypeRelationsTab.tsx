import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventRef } from '../../api/generated/events';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { DATE_TIME_PATTERN } from '../../shared/format';
import type { EventFormValues, TypeRelationsFormValues } from '../../shared/events/eventForm';
import { eventPath } from '../../shared/events/paths';
import { DateTime } from '../../shared/ui/DateTime';
import { Section } from '../../shared/ui/Section';
import { ChosenList } from './ChosenList';
import { ContractPicker } from './EventRelationsTab';

// The pages of other areas, by their routes (features do not import each other).
const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;
const contractPath = (id: string) => `/orders/contracts/${encodeURIComponent(id)}`;

/** The form's message on one of the relations, when the server refused it. */
function useRelationError(field: keyof TypeRelationsFormValues): string | undefined {
  const { errors } = useFormikContext<EventFormValues>();
  const error: unknown = getIn(errors, `relations.${field}`);
  return typeof error === 'string' ? error : undefined;
}

/** 'Virksomheder': the companies chosen, each with 'Fjern', and the picker that adds one. */
function TypeCompanies() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<EventFormValues>();
  const error = useRelationError('companies');
  const companies = values.relations.companies;
  const title = t('events.typeRelations.companies.title');
  const setCompanies = (chosen: TypeRelationsFormValues['companies']) =>
    void setFieldValue('relations.companies', chosen);
  return (
    <Section title={title}>
      {companies.length === 0 ? (
        <p>{t('events.typeRelations.companies.empty')}</p>
      ) : (
        <ChosenList
          items={companies}
          label={title}
          show={(company) => <Link to={companyPath(company.id)}>{company.name}</Link>}
          removeLabel={(company) => `${t('common.remove')} ${company.name}`}
          onChange={setCompanies}
        />
      )}
      <CompanyPicker
        label={t('events.typeRelations.companies.add')}
        placeholder={t('events.relations.companies.placeholder')}
        value={null}
        error={error}
        onChange={(company) => {
          if (companies.some((chosen) => chosen.id === company.id)) return;
          setCompanies([...companies, { id: company.id, name: company.name }]);
        }}
      />
    </Section>
  );
}

/** 'Kontrakter': the contracts chosen, each with 'Fjern', and the search that adds one. */
function TypeContracts() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<EventFormValues>();
  const error = useRelationError('contracts');
  const contracts = values.relations.contracts;
  const title = t('events.typeRelations.contracts.title');
  const setContracts = (chosen: TypeRelationsFormValues['contracts']) =>
    void setFieldValue('relations.contracts', chosen);
  const contractName = (number: number) => t('events.relations.contracts.proposal', { number });
  return (
    <Section title={title}>
      {contracts.length === 0 ? (
        <p>{t('events.typeRelations.contracts.empty')}</p>
      ) : (
        <ChosenList
          items={contracts}
          label={title}
          show={(contract) => (
            <span>
              <Link to={contractPath(contract.id)}>{contractName(contract.contractNumber)}</Link>
              {contract.companyName && <> – {contract.companyName}</>}
            </span>
          )}
          removeLabel={(contract) =>
            `${t('common.remove')} ${contractName(contract.contractNumber)}`
          }
          onChange={setContracts}
        />
      )}
      <ContractPicker
        value={null}
        error={error}
        onChange={(contract) => {
          if (contracts.some((chosen) => chosen.id === contract.Id)) return;
          setContracts([
            ...contracts,
            {
              id: contract.Id,
              contractNumber: contract.ContractNumber,
              companyName: contract.Company,
            },
          ]);
        }}
      />
    </Section>
  );
}

/** 'Arrangementer af typen': the events made from the type, newest first (read only). */
function TypeEvents({ events }: { events: EventRef[] }) {
  const { t } = useTranslation();
  const title = t('events.typeRelations.events.title');
  return (
    <Section title={title}>
      {events.length === 0 ? (
        <p>{t('events.typeRelations.events.empty')}</p>
      ) : (
        <ul className="tb-stack" aria-label={title}>
          {events.map((event) => (
            <li key={event.id}>
              <Link to={eventPath(event.id)}>{event.title}</Link>{' '}
              <DateTime value={event.startDate} pattern={DATE_TIME_PATTERN} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * The type's Relationer (tab 70 of a saved type): the companies and contracts each new event of
 * the type is linked to when it is created (saved with 'Gem', as the rest of the type), and the
 * events made from the type.
 */
export function EventTypeRelationsTab({ events }: { events: EventRef[] }) {
  const { t } = useTranslation();
  return (
    <div className="tb-stack">
      <p>{t('events.typeRelations.intro')}</p>
      <TypeCompanies />
      <TypeContracts />
      <TypeEvents events={events} />
    </div>
  );
}
