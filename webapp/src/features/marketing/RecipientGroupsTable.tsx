import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type {
  NewsletterRecipient,
  NewsletterRecipientGroup,
} from '../../api/generated/newsletters';
import { DATE_TIME_PATTERN, fullName } from '../../shared/format';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DateTime } from '../../shared/ui/DateTime';
import { useToast } from '../../shared/ui/Toast';
import { useDeleteRecipientsMutation } from './newslettersApi';
import { useSendNewsletters } from './useSendNewsletters';

/** The company's name, or 'Uden virksomhed' for the contacts reached without one. */
function groupName(group: NewsletterRecipientGroup, t: TFunction): string {
  return group.company?.name ?? t('marketing.recipients.noCompany');
}

/** A contact the newsletter cannot go to: without an e-mail, or unsubscribed. */
function unreachable(recipient: NewsletterRecipient): boolean {
  return recipient.unsubscribed || recipient.contact.email.trim() === '';
}

/** Deletes recipients after `message` was confirmed, and says so. */
function DeleteRecipientsButton({
  newsletterId,
  recipientIds,
  label,
  message,
}: {
  newsletterId: string;
  recipientIds: string[];
  label: string;
  message: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [deleteRecipients, deleting] = useDeleteRecipientsMutation();
  return (
    <ConfirmButton
      text
      size="small"
      severity="danger"
      icon="pi pi-trash"
      label={t('marketing.recipients.delete')}
      aria-label={label}
      loading={deleting.isLoading}
      message={message}
      onConfirm={async () => {
        try {
          await deleteRecipients({ newsletterId, recipientIds }).unwrap();
          toast.success(t('marketing.recipients.actions.deleted'));
        } catch (error) {
          toast.error(apiErrorMessage(error) ?? t('marketing.recipients.failed'));
        }
      }}
    />
  );
}

/**
 * 'Send' to recipients on purpose, also to those who got it already (force); the server passes
 * over those without an e-mail or unsubscribed.
 */
function SendButton({
  newsletterId,
  recipientIds,
  label,
  disabled,
}: {
  newsletterId: string;
  recipientIds: string[];
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { send, sending } = useSendNewsletters(newsletterId);
  return (
    <Button
      type="button"
      text
      size="small"
      icon="pi pi-send"
      label={t('marketing.recipients.send')}
      aria-label={label}
      loading={sending}
      disabled={disabled}
      onClick={() => void send(recipientIds, true)}
    />
  );
}

/** 'Ja' with when it went, or 'Nej'. */
function SentCell({ recipient }: { recipient: NewsletterRecipient }) {
  const { t } = useTranslation();
  if (!recipient.sent) return <>{t('marketing.recipients.sent.no')}</>;
  return (
    <span className="tb-recipient-sent">
      {t('marketing.recipients.sent.yes')}
      {recipient.sentAt && (
        <small>
          <DateTime value={recipient.sentAt} pattern={DATE_TIME_PATTERN} />
        </small>
      )}
    </span>
  );
}

/** 'Afmeldt' and 'Ingen e-mail'. */
function StatusTags({ recipient }: { recipient: NewsletterRecipient }) {
  const { t } = useTranslation();
  return (
    <span className="tb-recipient-tags">
      {recipient.unsubscribed && (
        <Tag severity="warning" value={t('marketing.recipients.tags.unsubscribed')} />
      )}
      {recipient.contact.email.trim() === '' && (
        <Tag severity="danger" value={t('marketing.recipients.tags.noEmail')} />
      )}
    </span>
  );
}

/** A company's recipients: name, e-mail, 'Sendt', the tags, and 'Send' and 'Slet' of each. */
function GroupContacts({
  newsletterId,
  group,
}: {
  newsletterId: string;
  group: NewsletterRecipientGroup;
}) {
  const { t } = useTranslation();
  const column = (field: string) => t(`marketing.recipients.columns.${field}`);
  return (
    <DataTable
      value={group.contacts}
      dataKey="id"
      size="small"
      pt={{ table: { 'aria-label': groupName(group, t) } }}
    >
      <Column header={column('name')} body={(r: NewsletterRecipient) => fullName(r.contact)} />
      <Column header={column('email')} body={(r: NewsletterRecipient) => r.contact.email} />
      <Column
        header={column('sent')}
        body={(r: NewsletterRecipient) => <SentCell recipient={r} />}
      />
      <Column
        header={column('status')}
        body={(r: NewsletterRecipient) => <StatusTags recipient={r} />}
      />
      <Column
        header={column('actions')}
        body={(recipient: NewsletterRecipient) => {
          const name = fullName(recipient.contact);
          return (
            <span className="tb-row-actions">
              <SendButton
                newsletterId={newsletterId}
                recipientIds={[recipient.id]}
                label={t('marketing.recipients.contact.sendLabel', { name })}
                disabled={unreachable(recipient)}
              />
              <DeleteRecipientsButton
                newsletterId={newsletterId}
                recipientIds={[recipient.id]}
                label={t('marketing.recipients.contact.deleteLabel', { name })}
                message={t('marketing.recipients.contact.confirmDelete')}
              />
            </span>
          );
        }}
      />
    </DataTable>
  );
}

interface RecipientGroupsTableProps {
  newsletterId: string;
  groups: NewsletterRecipientGroup[];
}

/**
 * The recipients by company ('Uden virksomhed' last), each row expanded on demand to its
 * contacts; a company's 'Send' goes to all its contacts, its 'Slet' deletes them.
 */
export function RecipientGroupsTable({ newsletterId, groups }: RecipientGroupsTableProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const toggle = (key: string) =>
    setExpanded((current) =>
      Object.fromEntries(
        current[key]
          ? Object.entries(current).filter(([known]) => known !== key)
          : [...Object.entries(current), [key, true]],
      ),
    );
  const label = (field: string) => t(`marketing.recipients.groups.${field}`);
  return (
    <DataTable
      value={groups}
      dataKey="key"
      expandedRows={expanded}
      rowExpansionTemplate={(group: NewsletterRecipientGroup) => (
        <GroupContacts newsletterId={newsletterId} group={group} />
      )}
      pt={{ table: { 'aria-label': label('label') } }}
    >
      <Column
        header={<span className="tb-visually-hidden">{label('expand')}</span>}
        style={{ width: '3.5rem' }}
        body={(group: NewsletterRecipientGroup) => {
          const open = Boolean(expanded[group.key]);
          const name = groupName(group, t);
          return (
            <Button
              type="button"
              text
              rounded
              size="small"
              icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              aria-expanded={open}
              aria-label={t(`marketing.recipients.groups.${open ? 'hide' : 'show'}`, { name })}
              onClick={() => toggle(group.key)}
            />
          );
        }}
      />
      <Column
        header={label('company')}
        body={(group: NewsletterRecipientGroup) => groupName(group, t)}
      />
      <Column
        header={label('contacts')}
        body={(group: NewsletterRecipientGroup) => group.contacts.length}
      />
      <Column
        header={label('sent')}
        body={(group: NewsletterRecipientGroup) =>
          t('marketing.recipients.groups.sentOf', {
            sent: group.contacts.filter((recipient) => recipient.sent).length,
            total: group.contacts.length,
          })
        }
      />
      <Column
        header={label('actions')}
        body={(group: NewsletterRecipientGroup) => {
          const name = groupName(group, t);
          const ids = group.contacts.map((recipient) => recipient.id);
          return (
            <span className="tb-row-actions">
              <SendButton
                newsletterId={newsletterId}
                recipientIds={ids}
                label={t('marketing.recipients.group.sendLabel', { name })}
                disabled={group.contacts.every(unreachable)}
              />
              <DeleteRecipientsButton
                newsletterId={newsletterId}
                recipientIds={ids}
                label={t('marketing.recipients.group.deleteLabel', { name })}
                message={t('marketing.recipients.group.confirmDelete', { name })}
              />
            </span>
          );
        }}
      />
    </DataTable>
  );
}
