import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { DATE_TIME_PATTERN, fullName } from '../../shared/format';
import type { SearchedChoice } from '../../shared/pickers/SearchedMultiSelect';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmButton, useConfirm } from '../../shared/ui/ConfirmButton';
import { DateTime } from '../../shared/ui/DateTime';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import type { EventTicketProduct } from '../../shared/events/types';
import { RecordHistoryButton } from '../../shared/history/RecordHistoryButton';
import {
  useDeleteInvitesMutation,
  useGetEventInvitesQuery,
  useSendInvitesMutation,
  useSendSeasonalTicketsMutation,
  type InviteMessage,
} from './invitationsApi';
import { InviteesCard } from './InviteesCard';
import {
  InviteGroupProductsDialog,
  InviteProductsDialog,
  ticketProductChoices,
  type InviteProductChoice,
} from './InviteProductsDialog';
import type { EventInvites, Invite, InviteGroup } from './types';
import { InviteHistory } from './InviteHistory';
import './invitations.css';

/** The invites by company (the contacts of none as one group) or by contact list. */
type Grouping = 'companies' | 'lists';

/** '2 × Middag, 1 × Parkering'. */
function productsText(invite: Invite, t: TFunction): string {
  return invite.products
    .map((product) =>
      t('events.invites.productLine', { amount: product.amount, title: product.title }),
    )
    .join(', ');
}

/** The group's heading: its title, or 'Uden virksomhed' for the contacts of no company. */
function groupTitle(group: InviteGroup, t: TFunction): string {
  return group.title || t('events.invites.list.noCompany');
}

/** The names the invitees' selects may show: the invited companies and contacts. */
function knownInvitees(invites: EventInvites | undefined) {
  const companies: SearchedChoice[] = [];
  const contacts: SearchedChoice[] = [];
  for (const group of invites?.companies ?? []) {
    for (const invite of group.invites) {
      if (invite.companyId && !companies.some((company) => company.id === invite.companyId)) {
        companies.push({ id: invite.companyId, label: invite.companyName ?? group.title });
      }
    }
  }
  for (const group of [...(invites?.companies ?? []), ...(invites?.lists ?? [])]) {
    for (const { contact } of group.invites) {
      if (!contacts.some((known) => known.id === contact.id)) {
        const name = fullName(contact);
        contacts.push({
          id: contact.id,
          label: contact.email ? `${name} (${contact.email})` : name,
        });
      }
    }
  }
  return { companies, contacts };
}

/** 'Ja' with when it went (and the reminder), or 'Nej'. */
function SentCell({ invite }: { invite: Invite }) {
  const { t } = useTranslation();
  if (invite.invitationSent === 'no') return <>{t('events.invites.sent.no')}</>;
  return (
    <span className="tb-invite-sent">
      {t('events.invites.sent.yes')}
      {invite.sentAt && (
        <small>
          <DateTime value={invite.sentAt} pattern={DATE_TIME_PATTERN} />
        </small>
      )}
      {invite.reminderSentAt && (
        <small>
          {t('events.invites.sent.reminder')}{' '}
          <DateTime value={invite.reminderSentAt} pattern={DATE_TIME_PATTERN} />
        </small>
      )}
    </span>
  );
}

interface InviteActionsProps {
  eventId: string;
  invite: Invite;
  onEdit: () => void;
}

/** 'Rediger produkter', 'Kopier link' and 'Slet' of one invite. */
function InviteActions({ eventId, invite, onEdit }: InviteActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [deleteInvites, deleting] = useDeleteInvitesMutation();
  const name = fullName(invite.contact);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(invite.link);
      toast.success(t('events.invites.invite.copied'));
    } catch {
      toast.error(t('events.invites.invite.copyFailed'));
    }
  };
  return (
    <span className="tb-row-actions">
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-pencil"
        aria-label={t('events.invites.invite.editProductsLabel', { name })}
        onClick={onEdit}
      />
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-link"
        aria-label={t('events.invites.invite.copyLinkLabel', { name })}
        onClick={() => void copyLink()}
      />
      <RecordHistoryButton
        label={t('events.invites.history.button', { name })}
        heading={t('events.invites.history.heading', { name })}
      >
        {() => <InviteHistory inviteId={invite.id} />}
      </RecordHistoryButton>
      <ConfirmButton
        text
        size="small"
        severity="danger"
        icon="pi pi-trash"
        aria-label={t('events.invites.invite.deleteLabel', { name })}
        loading={deleting.isLoading}
        message={t('events.invites.invite.confirmDelete')}
        onConfirm={async () => {
          try {
            await deleteInvites({ eventId, inviteIds: [invite.id] }).unwrap();
            toast.success(t('events.invites.actions.deleted'));
          } catch (error) {
            toast.error(apiErrorMessage(error) ?? t('events.invites.failed'));
          }
        }}
      />
    </span>
  );
}

interface GroupCardProps {
  eventId: string;
  group: InviteGroup;
  selected: ReadonlySet<string>;
  onSelect: (inviteIds: string[], checked: boolean) => void;
  onEditGroup: () => void;
  onEditInvite: (invite: Invite) => void;
}

/**
 * A group: its title and count, a check box that selects its invites, 'Rediger produkter', and
 * (shown on demand) its invites with their contact, products, 'Sendt', 'Brugt' and actions.
 */
function InviteGroupCard({
  eventId,
  group,
  selected,
  onSelect,
  onEditGroup,
  onEditInvite,
}: GroupCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const tableId = useId();
  const [open, setOpen] = useState(false);
  const title = groupTitle(group, t);
  const ids = group.invites.map((invite) => invite.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <section className="tb-invite-group" aria-labelledby={headingId}>
      <div className="tb-invite-group-header">
        <Checkbox
          inputId={`${headingId}-all`}
          checked={allSelected}
          aria-label={t('events.invites.list.selectGroup', { title })}
          onChange={(event) => onSelect(ids, Boolean(event.checked))}
        />
        <h3 id={headingId}>{title}</h3>
        <span className="tb-invite-count">
          {t('events.invites.list.count', { count: group.invites.length })}
        </span>
        <span className="tb-row-actions">
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-pencil"
            label={t('events.invites.group.editProducts')}
            aria-label={t('events.invites.group.editProductsLabel', { title })}
            onClick={onEditGroup}
          />
          <Button
            type="button"
            text
            size="small"
            icon={open ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
            label={open ? t('events.invites.list.hide') : t('events.invites.list.show')}
            aria-expanded={open}
            aria-controls={tableId}
            onClick={() => setOpen(!open)}
          />
        </span>
      </div>
      {open && (
        <table id={tableId} className="tb-invite-table" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">
                <span className="tb-visually-hidden">{t('events.invites.columns.select')}</span>
              </th>
              <th scope="col">{t('events.invites.columns.name')}</th>
              <th scope="col">{t('events.invites.columns.email')}</th>
              <th scope="col">{t('events.invites.columns.products')}</th>
              <th scope="col">{t('events.invites.columns.sent')}</th>
              <th scope="col">{t('events.invites.columns.booked')}</th>
              <th scope="col">{t('events.invites.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {group.invites.map((invite) => {
              const name = fullName(invite.contact);
              return (
                <tr key={invite.id}>
                  <td>
                    <Checkbox
                      inputId={`${tableId}-${invite.id}`}
                      checked={selected.has(invite.id)}
                      aria-label={t('events.invites.list.selectInvite', { name })}
                      onChange={(event) => onSelect([invite.id], Boolean(event.checked))}
                    />
                  </td>
                  <td>{name}</td>
                  <td>{invite.contact.email ?? ''}</td>
                  <td>{productsText(invite, t)}</td>
                  <td>
                    <SentCell invite={invite} />
                  </td>
                  <td>{invite.booked}</td>
                  <td>
                    <InviteActions
                      eventId={eventId}
                      invite={invite}
                      onEdit={() => onEditInvite(invite)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface BulkActionsProps {
  eventId: string;
  /** The invites chosen; none: the actions are for all of the event's invites. */
  selectedIds: string[];
  onDeleted: () => void;
}

/**
 * 'Handlinger': send the invitation, a reminder or an update (to those it did not go to yet),
 * send the invitation again to all, or delete, each for the chosen invites or, with none chosen,
 * all of them; and 'Send sæsonbilletter'.
 */
function BulkActions({ eventId, selectedIds, onDeleted }: BulkActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const [sendInvites, sending] = useSendInvitesMutation();
  const [deleteInvites, deleting] = useDeleteInvitesMutation();
  const [sendSeasonal, sendingSeasonal] = useSendSeasonalTicketsMutation();
  const none = selectedIds.length === 0;

  const send = async (message: InviteMessage, force: boolean) => {
    try {
      const { queued, skipped } = await sendInvites({
        eventId,
        inviteIds: selectedIds,
        message,
        force,
      }).unwrap();
      toast.success(
        t('events.invites.actions.sentCounts', { queued, skipped }),
        t('events.invites.actions.sent'),
      );
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.invites.failed'));
    }
  };
  const remove = async () => {
    const message = none
      ? t('events.invites.actions.confirmDeleteAll')
      : t('events.invites.actions.confirmDeleteSelected', { count: selectedIds.length });
    if (!(await confirm({ message }))) return;
    try {
      await deleteInvites({ eventId, inviteIds: selectedIds }).unwrap();
      toast.success(t('events.invites.actions.deleted'));
      onDeleted();
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.invites.failed'));
    }
  };
  const sendSeasonalTickets = async () => {
    try {
      const { queued, skipped } = await sendSeasonal(eventId).unwrap();
      toast.success(
        t('events.invites.actions.sentCounts', { queued, skipped }),
        t('events.invites.actions.seasonalSent'),
      );
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('events.invites.failed'));
    }
  };

  const items: MenuItem[] = [
    {
      label: t('events.invites.actions.send'),
      icon: 'pi pi-send',
      command: () => void send('invitation', false),
    },
    {
      label: t('events.invites.actions.reminder'),
      icon: 'pi pi-bell',
      command: () => void send('reminder', false),
    },
    {
      label: t('events.invites.actions.update'),
      icon: 'pi pi-info-circle',
      command: () => void send('update', false),
    },
    {
      label: t('events.invites.actions.resend'),
      icon: 'pi pi-replay',
      command: () => void send('invitation', true),
    },
    { separator: true },
    {
      label: none ? t('events.invites.actions.deleteAll') : t('events.invites.actions.delete'),
      icon: 'pi pi-trash',
      command: () => void remove(),
    },
  ];
  return (
    <span className="tb-page-actions">
      <Menu model={items} popup ref={menu} id={menuId} />
      <Button
        type="button"
        outlined
        icon="pi pi-ticket"
        label={t('events.invites.actions.seasonal')}
        loading={sendingSeasonal.isLoading}
        onClick={() => void sendSeasonalTickets()}
      />
      <Button
        type="button"
        icon="pi pi-bars"
        label={t('events.invites.actions.menu')}
        loading={sending.isLoading || deleting.isLoading}
        aria-haspopup="menu"
        aria-controls={menuId}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </span>
  );
}

/** The dialog open: a group's products or an invite's. */
type Editing = { group: InviteGroup } | { invite: Invite } | null;

interface InviteListProps {
  eventId: string;
  invites: EventInvites | undefined;
  failed: unknown;
  loaded: boolean;
  choices: InviteProductChoice[];
}

/**
 * 'Invitationer': the invites by company or by contact list, chosen with check boxes across the
 * groups (a group's box chooses all of it), and the actions on those chosen, or on all.
 */
function InviteList({ eventId, invites, failed, loaded, choices }: InviteListProps) {
  const { t } = useTranslation();
  const [grouping, setGrouping] = useState<Grouping>('companies');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const groups = invites?.[grouping] ?? [];

  // Invites deleted meanwhile are no longer chosen.
  const existing = useMemo(
    () =>
      new Set(
        [...(invites?.companies ?? []), ...(invites?.lists ?? [])].flatMap((group) =>
          group.invites.map((invite) => invite.id),
        ),
      ),
    [invites],
  );
  const selected = useMemo(
    () => new Set([...chosen].filter((id) => existing.has(id))),
    [chosen, existing],
  );
  const select = (ids: string[], checked: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const actions = (
    <BulkActions
      eventId={eventId}
      selectedIds={[...selected]}
      onDeleted={() => setChosen(new Set())}
    />
  );
  return (
    <Section title={t('events.invites.list.title')} actions={actions}>
      <div className="tb-invite-toolbar">
        <div role="group" aria-label={t('events.invites.list.grouping')} className="p-buttonset">
          {(['companies', 'lists'] as const).map((each) => (
            <Button
              key={each}
              type="button"
              size="small"
              outlined={grouping !== each}
              aria-pressed={grouping === each}
              label={t(`events.invites.list.by.${each}`)}
              onClick={() => setGrouping(each)}
            />
          ))}
        </div>
        <p className="tb-field-help" aria-live="polite">
          {selected.size === 0
            ? t('events.invites.actions.noneSelected')
            : t('events.invites.actions.selectedCount', { count: selected.size })}
        </p>
      </div>
      {failed !== undefined && (
        <Alert severity="error">
          {apiErrorMessage(failed) ?? t('events.invites.list.loadFailed')}
        </Alert>
      )}
      {loaded && groups.length === 0 && (
        <p className="tb-field-help">{t('events.invites.list.empty')}</p>
      )}
      <div className="tb-stack">
        {groups.map((group) => (
          <InviteGroupCard
            key={group.key}
            eventId={eventId}
            group={group}
            selected={selected}
            onSelect={select}
            onEditGroup={() => setEditing({ group })}
            onEditInvite={(invite) => setEditing({ invite })}
          />
        ))}
      </div>
      {editing && 'group' in editing && (
        <InviteGroupProductsDialog
          eventId={eventId}
          group={{ key: editing.group.key, title: groupTitle(editing.group, t) }}
          choices={choices}
          onHide={() => setEditing(null)}
        />
      )}
      {editing && 'invite' in editing && (
        <InviteProductsDialog
          eventId={eventId}
          invite={editing.invite}
          choices={choices}
          onHide={() => setEditing(null)}
        />
      )}
    </Section>
  );
}

interface InvitationsTabProps {
  eventId: string;
  /** The saved event's ticket products: what an invite may hold. */
  ticketProducts: EventTicketProduct[];
}

/**
 * Invitationer (tab 50) of a saved event (spec 2 §2 "Invitations tab"): whom it invites, with
 * 'Opret alle', 'Opret alle aktive' and 'Opret valgte'; and its invites by company or by contact
 * list, with their products, whether they were sent and what was booked, and the actions to send,
 * remind, update, delete and copy an invite's link. Every change reads the invites again.
 */
export function InvitationsTab({ eventId, ticketProducts }: InvitationsTabProps) {
  const query = useGetEventInvitesQuery(eventId, { refetchOnMountOrArgChange: true });
  const known = useMemo(() => knownInvitees(query.data), [query.data]);
  const choices = useMemo(() => ticketProductChoices(ticketProducts), [ticketProducts]);
  return (
    <div className="tb-stack">
      <InviteesCard
        kind="event"
        eventId={eventId}
        knownCompanies={known.companies}
        knownContacts={known.contacts}
      />
      <InviteList
        eventId={eventId}
        invites={query.data}
        failed={query.isError ? query.error : undefined}
        loaded={query.isSuccess}
        choices={choices}
      />
    </div>
  );
}
