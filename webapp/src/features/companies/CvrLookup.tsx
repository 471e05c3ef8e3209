import { AutoComplete } from 'primereact/autocomplete';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { useToast } from '../../shared/ui/Toast';
import { useLazyCvrSearchQuery } from './companiesApi';
import type { CvrCompany } from './types';

/** The lookup searches from 3 characters, 300 ms after typing pauses (spec 1 §5). */
export const CVR_MIN_LENGTH = 3;
export const CVR_DELAY_MS = 300;

/** Proposes companies of the CVR register; choosing one fills the form. */
export function CvrLookup({ onChoose }: { onChoose: (company: CvrCompany) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [search] = useLazyCvrSearchQuery();
  const [text, setText] = useState<string | CvrCompany>('');
  const [suggestions, setSuggestions] = useState<CvrCompany[]>([]);
  const [error, setError] = useState<string>();

  return (
    <div className="tb-field tb-cvr-lookup">
      <label htmlFor={id}>{t('companies.cvrLookup.label')}</label>
      <AutoComplete
        inputId={id}
        value={text}
        suggestions={suggestions}
        field="name"
        minLength={CVR_MIN_LENGTH}
        delay={CVR_DELAY_MS}
        placeholder={t('companies.cvrLookup.placeholder')}
        showEmptyMessage
        emptyMessage={t('common.noOptions')}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        completeMethod={async (event) => {
          try {
            const found = await search(event.query).unwrap();
            setError(undefined);
            setSuggestions(found);
          } catch (failure) {
            const message = apiErrorMessage(failure) ?? t('companies.cvrLookup.failed');
            setError(message);
            setSuggestions([]);
            toast.error(message);
          }
        }}
        itemTemplate={(company: CvrCompany) => (
          <div className="tb-cvr-option">
            <strong>{company.name}</strong>
            <span>{t('companies.cvrLookup.cvr', { cvr: company.cvr })}</span>
            <small>
              {[company.address, [company.zipCode, company.city].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(', ')}
            </small>
          </div>
        )}
        onChange={(event) => setText(event.value as string | CvrCompany)}
        onSelect={(event) => {
          onChoose(event.value as CvrCompany);
          setText('');
        }}
      />
      {error ? (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      ) : (
        <small className="tb-field-help">{t('companies.cvrLookup.help')}</small>
      )}
    </div>
  );
}
