import { useField } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../format';
import { MultiSelectField, type SelectOption } from '../ui/FormFields';
import {
  useCompaniesByIdsQuery,
  useContactsByIdsQuery,
  useProductsByIdsQuery,
  useSearchCompaniesQuery,
  useSearchContactsQuery,
  useSearchProductsQuery,
} from './pickersApi';
import type { CompanyPick, ContactPick, ProductPick } from './types';

/** A choice of a searched select: its id and how it reads. */
export interface SearchedChoice {
  id: string;
  label: string;
}

/** What a searched select chooses from. */
export type ChoiceSource = 'products' | 'companies' | 'contacts';

/**
 * The choices of a select searched on the server: what the search found, and those chosen with
 * the names they had when found (or `seed` gives them), so a chosen one keeps its name while
 * another search shows other choices.
 */
function useSearchedChoices(
  chosen: string[],
  found: SearchedChoice[] | undefined,
  seed: SearchedChoice[],
  unknown: string,
): SelectOption<string>[] {
  const known = useRef(new Map<string, string>());
  for (const choice of seed) {
    if (!known.current.has(choice.id)) known.current.set(choice.id, choice.label);
  }
  for (const choice of found ?? []) known.current.set(choice.id, choice.label);
  const options = chosen.map((id) => ({ label: known.current.get(id) ?? unknown, value: id }));
  for (const choice of found ?? []) {
    if (!chosen.includes(choice.id)) options.push({ label: choice.label, value: choice.id });
  }
  return options;
}

/** The choices of `source` as the server answers them: found by a search or read by their ids. */
function choicesOf(
  source: ChoiceSource,
  products: ProductPick[] | undefined,
  companies: CompanyPick[] | undefined,
  contacts: ContactPick[] | undefined,
): SearchedChoice[] | undefined {
  if (source === 'products') {
    return products?.map((product) => ({ id: product.id, label: product.title }));
  }
  if (source === 'companies') {
    return companies?.map((company) => ({ id: company.id, label: company.name }));
  }
  return contacts?.map((contact) => ({
    id: contact.id,
    label: contact.email ? `${fullName(contact)} (${contact.email})` : fullName(contact),
  }));
}

/** The server's choices of `source` for the typed text ('' proposes the first ones). */
function useFoundChoices(source: ChoiceSource, search: string): SearchedChoice[] | undefined {
  const products = useSearchProductsQuery(search, { skip: source !== 'products' }).data;
  const companies = useSearchCompaniesQuery(search, { skip: source !== 'companies' }).data;
  const contacts = useSearchContactsQuery({ search }, { skip: source !== 'contacts' }).data;
  return choicesOf(source, products, companies, contacts);
}

/** The chosen ones of `source` with their names, read by their ids (a saved selection). */
function useChosenChoices(source: ChoiceSource, chosen: string[]): SearchedChoice[] {
  const none = chosen.length === 0;
  const products = useProductsByIdsQuery(chosen, { skip: none || source !== 'products' }).data;
  const companies = useCompaniesByIdsQuery(chosen, { skip: none || source !== 'companies' }).data;
  const contacts = useContactsByIdsQuery(chosen, { skip: none || source !== 'contacts' }).data;
  return choicesOf(source, products, companies, contacts) ?? [];
}

interface SearchedMultiSelectProps {
  /** The formik field: an array of the chosen ids. */
  name: string;
  label: string;
  source: ChoiceSource;
  /** Names known already (e.g. the server's names of a saved selection). */
  seed?: SearchedChoice[];
  /** Shown while nothing is chosen; default 'Ingen valgt'. */
  placeholder?: string;
}

/**
 * A multi-select of products, companies or contacts bound to a form field, whose choices the
 * server finds as the user types; the chosen ones keep their names (read by their ids once).
 */
export function SearchedMultiSelect({
  name,
  label,
  source,
  seed = [],
  placeholder,
}: SearchedMultiSelectProps) {
  const { t } = useTranslation();
  const [field] = useField<string[] | undefined>(name);
  const chosen = field.value ?? [];
  const [search, setSearch] = useState('');
  const found = useFoundChoices(source, search);
  const named = useChosenChoices(source, chosen);
  const options = useSearchedChoices(
    chosen,
    found,
    [...seed, ...named],
    t('common.choices.unknown'),
  );
  return (
    <MultiSelectField
      name={name}
      label={label}
      options={options}
      placeholder={placeholder ?? t('common.choices.none')}
      filter
      onFilter={setSearch}
    />
  );
}
