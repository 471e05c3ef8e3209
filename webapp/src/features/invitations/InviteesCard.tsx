import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { formatDate } from '../../shared/format';
import { SearchedMultiSelect, type SearchedChoice } from '../../shared/pickers/SearchedMultiSelect';
import { useTimeZone } from '../../shared/ui/DateTime';
import { DateField, MultiSelectField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import type { EventFormKind, EventFormValues } from '../../shared/events/eventForm';
import {
  useCreateInvitesMutation,
  useGetContactListChoicesQuery,
  type InviteCreation,
} from './invitationsApi';

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
  knownCompanies?: SearchedChoice[];
  knownContacts?: SearchedChoice[];
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
  const lists = useGetContactListChoicesQuery();
  const isEvent = kind === 'event';
  const label = (field: string) => t(`events.invites.fields.${field}`);
  return (
    <Section title={isEvent ? t('events.invites.create.title') : t('events.tabs.invitations')}>
      {!isEvent && <p className="tb-field-help">{t('events.invites.typeHelp')}</p>}
      <div className="tb-form-grid">
        <SearchedMultiSelect
          name="invitees.productIds"
          label={label('productIds')}
          source="products"
        />
        <SearchedMultiSelect
          name="invitees.orderProductIds"
          label={label('orderProductIds')}
          source="products"
        />
        {isEvent && (
          <SearchedMultiSelect
            name="invitees.companyIds"
            label={label('companyIds')}
            source="companies"
            seed={knownCompanies}
          />
        )}
        {isEvent && (
          <SearchedMultiSelect
            name="invitees.contactIds"
            label={label('contactIds')}
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
