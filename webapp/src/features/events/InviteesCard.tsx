import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { formatDate, fullName } from '../../shared/format';
import {
  useCompaniesByIdsQuery,
  useContactsByIdsQuery,
  useProductsByIdsQuery,
  useSearchCompaniesQuery,
  useSearchContactsQuery,
  useSearchProductsQuery,
} from '../../shared/pickers/pickersApi';
import type { CompanyPick, ContactPick, ProductPick } from '../../shared/pickers/types';
import { useTimeZone } from '../../shared/ui/DateTime';
import { DateField, MultiSelectField, type SelectOption } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import type { EventFormKind, EventFormValues } from './eventSchema';
import {
  useCreateInvitesMutation,
  useGetContactListChoicesQuery,
  type InviteCreation,
} from './eventsApi';
import type { EventInvitees } from './types';

/** A choice of the invitees' selects: its id and how it reads. */
export interface InviteeChoice {
  id: string;
  label: string;
}

/**
 * The choices of a select searched on the server: what the search found, and those chosen with
 * the names they had when found (or `seed` gives them), so a chosen one keeps its name while
 * another search shows other choices.
 */
function useSearchedChoices(
  chosen: string[],
  found: InviteeChoice[] | undefined,
  seed: InviteeChoice[],
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

/** What a searched select chooses from. */
type ChoiceSource = 'products' | 'companies' | 'contacts';

/** The choices of `source` as the server answers them: found by a search or read by their ids. */
function choicesOf(
  source: ChoiceSource,
  products: ProductPick[] | undefined,
  companies: CompanyPick[] | undefined,
  contacts: ContactPick[] | undefined,
): InviteeChoice[] | undefined {
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
function useFoundChoices(source: ChoiceSource, search: string): InviteeChoice[] | undefined {
  const products = useSearchProductsQuery(search, { skip: source !== 'products' }).data;
  const companies = useSearchCompaniesQuery(search, { skip: source !== 'companies' }).data;
  const contacts = useSearchContactsQuery({ search }, { skip: source !== 'contacts' }).data;
  return choicesOf(source, products, companies, contacts);
}

/** The chosen ones of `source` with their names, read by their ids (a saved selection). */
function useChosenChoices(source: ChoiceSource, chosen: string[]): InviteeChoice[] {
  const none = chosen.length === 0;
  const products = useProductsByIdsQuery(chosen, { skip: none || source !== 'products' }).data;
  const companies = useCompaniesByIdsQuery(chosen, { skip: none || source !== 'companies' }).data;
  const contacts = useContactsByIdsQuery(chosen, { skip: none || source !== 'contacts' }).data;
  return choicesOf(source, products, companies, contacts) ?? [];
}

interface SearchedSelectProps {
  name: `invitees.${keyof EventInvitees}`;
  label: string;
  chosen: string[];
  source: ChoiceSource;
  seed?: InviteeChoice[];
}

/** A multi-select of the form's invitees whose choices the server finds as the user types. */
function SearchedSelect({ name, label, chosen, source, seed = [] }: SearchedSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useFoundChoices(source, search);
  const named = useChosenChoices(source, chosen);
  const options = useSearchedChoices(
    chosen,
    found,
    [...seed, ...named],
    t('events.invites.unknown'),
  );
  return (
    <MultiSelectField
      name={name}
      label={label}
      options={options}
      placeholder={t('events.invites.fields.none')}
      filter
      onFilter={setSearch}
    />
  );
}

/** 'Opret alle', 'Opret alle aktive' and 'Opret valgte' of a saved event. */
function CreateInvitesButtons({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const timeZone = useTimeZone();
  const { values } = useFormikContext<EventFormValues>();
  const [createInvites] = useCreateInvitesMutation();
  const [creating, setCreating] = useState<InviteCreation['kind'] | null>(null);

  const create = async (creation: InviteCreation) => {
    setCreating(creation.kind);
    try {
      const { created, skipped } = await createInvites({
        eventId,
        selection: values.invitees,
        creation,
      }).unwrap();
      toast.success(
        t('events.invites.create.counts', { created, skipped }),
        t('events.invites.create.created'),
      );
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.invites.failed'));
    } finally {
      setCreating(null);
    }
  };
  const today = () => formatDate(new Date(), 'YYYY-MM-DD', timeZone);
  return (
    <div className="tb-form-actions">
      <Button
        type="button"
        outlined
        icon="pi pi-users"
        label={t('events.invites.create.all')}
        loading={creating === 'all'}
        disabled={creating !== null}
        onClick={() => void create({ kind: 'all' })}
      />
      <Button
        type="button"
        outlined
        icon="pi pi-calendar"
        label={t('events.invites.create.active')}
        loading={creating === 'active'}
        disabled={creating !== null}
        onClick={() => void create({ kind: 'active', activeDate: values.activeDate ?? today() })}
      />
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('events.invites.create.selected')}
        loading={creating === 'selected'}
        disabled={creating !== null}
        onClick={() => void create({ kind: 'selected' })}
      />
    </div>
  );
}

interface InviteesCardProps {
  kind: EventFormKind;
  /** A saved event: the selection creates its invites. */
  eventId?: string;
  /** Companies and contacts whose names are known already (the event's invites). */
  knownCompanies?: InviteeChoice[];
  knownContacts?: InviteeChoice[];
}

/**
 * Whom the event invites (spec 2 §2 "Invitations tab", "Recipients card"): agreement products,
 * order products, companies, contacts and contact lists, and 'Aktiv dato', bound to the form and
 * saved with it. A saved event creates its invites from it: all companies' contacts, those with
 * an agreement active on the day (today without one), or the selection only. A type has no
 * companies, contacts or create buttons: a new event of the type starts with its selection.
 */
export function InviteesCard({
  kind,
  eventId,
  knownCompanies = [],
  knownContacts = [],
}: InviteesCardProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  const lists = useGetContactListChoicesQuery();
  const isEvent = kind === 'event';
  const label = (field: string) => t(`events.invites.fields.${field}`);
  const { invitees } = values;
  return (
    <Section title={isEvent ? t('events.invites.create.title') : t('events.tabs.invitations')}>
      {!isEvent && <p className="tb-field-help">{t('events.invites.typeHelp')}</p>}
      <div className="tb-form-grid">
        <SearchedSelect
          name="invitees.productIds"
          label={label('productIds')}
          chosen={invitees.productIds}
          source="products"
        />
        <SearchedSelect
          name="invitees.orderProductIds"
          label={label('orderProductIds')}
          chosen={invitees.orderProductIds}
          source="products"
        />
        {isEvent && (
          <SearchedSelect
            name="invitees.companyIds"
            label={label('companyIds')}
            chosen={invitees.companyIds}
            source="companies"
            seed={knownCompanies}
          />
        )}
        {isEvent && (
          <SearchedSelect
            name="invitees.contactIds"
            label={label('contactIds')}
            chosen={invitees.contactIds}
            source="contacts"
            seed={knownContacts}
          />
        )}
        <MultiSelectField
          name="invitees.contactListIds"
          label={label('contactListIds')}
          options={(lists.data ?? []).map((list) => ({ label: list.title, value: list.id }))}
          placeholder={label('none')}
          filter
        />
        <DateField
          name="activeDate"
          label={label('activeDate')}
          help={isEvent ? label('activeDateHelp') : undefined}
        />
      </div>
      {isEvent && eventId && <CreateInvitesButtons eventId={eventId} />}
    </Section>
  );
}
