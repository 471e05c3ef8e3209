import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { NewsletterChoices, RecipientCounts } from '../../api/generated/newsletters';
import { SearchedMultiSelect } from '../../shared/pickers/SearchedMultiSelect';
import { Alert } from '../../shared/ui/Alert';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { DateField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import type { NewsletterFormValues } from './newsletterSchema';
import {
  useCreateRecipientsMutation,
  useDeleteRecipientsMutation,
  useGetRecipientsQuery,
  type NewsletterRecipients,
  type RecipientsScope,
} from './newslettersApi';
import { RecipientGroupsTable } from './RecipientGroupsTable';
import { SendProgressPanel } from './SendProgressPanel';
import { useSendNewsletters } from './useSendNewsletters';
import './newsletters.css';

/** Whom 'Opret …' reaches: agreement and order products, companies, contacts, 'Aktiv dato'. */
function RecipientSelection({ choices }: { choices: NewsletterChoices }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`marketing.recipients.fields.${field}`);
  return (
    <div className="tb-form-grid">
      <SearchedMultiSelect
        name="recipients.productIds"
        label={label('productIds')}
        source="products"
        seed={choices.products}
      />
      <SearchedMultiSelect
        name="recipients.orderProductIds"
        label={label('orderProductIds')}
        source="products"
        seed={choices.orderProducts}
      />
      <SearchedMultiSelect
        name="recipients.companyIds"
        label={label('companyIds')}
        source="companies"
        seed={choices.companies}
      />
      <SearchedMultiSelect
        name="recipients.contactIds"
        label={label('contactIds')}
        source="contacts"
        seed={choices.contacts}
      />
      <DateField
        name="recipients.activeDate"
        label={label('activeDate')}
        help={label('activeDateHelp')}
      />
    </div>
  );
}

/** 'Opret alle', 'Opret alle aktive' and 'Opret valgte', with the form's current selection. */
function CreateRecipientsButtons({ newsletterId }: { newsletterId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { values } = useFormikContext<NewsletterFormValues>();
  const [createRecipients] = useCreateRecipientsMutation();
  const [creating, setCreating] = useState<RecipientsScope | null>(null);

  const create = async (scope: RecipientsScope) => {
    setCreating(scope);
    try {
      const { created, skipped } = await createRecipients({
        newsletterId,
        selection: values.recipients,
        scope,
      }).unwrap();
      toast.success(
        t('marketing.recipients.create.counts', { created, skipped }),
        t('marketing.recipients.create.created'),
      );
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('marketing.recipients.failed'));
    } finally {
      setCreating(null);
    }
  };
  const button = (scope: RecipientsScope, key: string, icon: string, outlined: boolean) => (
    <Button
      type="button"
      outlined={outlined}
      icon={icon}
      label={t(`marketing.recipients.create.${key}`)}
      loading={creating === scope}
      disabled={creating !== null}
      onClick={() => void create(scope)}
    />
  );
  return (
    <div className="tb-form-actions">
      {button('all', 'all', 'pi pi-users', true)}
      {button('active', 'active', 'pi pi-calendar', true)}
      {button('selected', 'selected', 'pi pi-plus', false)}
    </div>
  );
}

/** Modtagere, Sendt, Uden e-mail, Afmeldt. */
function CountsList({ counts }: { counts: RecipientCounts }) {
  const { t } = useTranslation();
  const shown = ['total', 'sent', 'withoutEmail', 'unsubscribed'] as const;
  return (
    <dl className="tb-recipient-counts" aria-label={t('marketing.recipients.counts.label')}>
      {shown.map((key) => (
        <div key={key}>
          <dt>{t(`marketing.recipients.counts.${key}`)}</dt>
          <dd>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Handlinger': 'Send alle', 'Send alle igen' (after a confirmation), 'Slet modtagere'. */
function RecipientsMenu({
  newsletterId,
  recipients,
}: {
  newsletterId: string;
  recipients: NewsletterRecipients | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const { send, sending } = useSendNewsletters(newsletterId);
  const [deleteRecipients, deleting] = useDeleteRecipientsMutation();
  const ids = (recipients?.groups ?? []).flatMap((group) => group.contacts.map(({ id }) => id));
  const none = ids.length === 0;

  const resendAll = async () => {
    if (await confirm({ message: t('marketing.recipients.actions.confirmResendAll') })) {
      await send([], true);
    }
  };
  const deleteAll = async () => {
    if (!(await confirm({ message: t('marketing.recipients.actions.confirmDeleteAll') }))) return;
    try {
      await deleteRecipients({ newsletterId, recipientIds: ids }).unwrap();
      toast.success(t('marketing.recipients.actions.deleted'));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('marketing.recipients.failed'));
    }
  };
  const items: MenuItem[] = [
    {
      label: t('marketing.recipients.actions.sendAll'),
      icon: 'pi pi-send',
      disabled: none,
      command: () => void send([], false),
    },
    {
      label: t('marketing.recipients.actions.resendAll'),
      icon: 'pi pi-replay',
      disabled: none,
      command: () => void resendAll(),
    },
    { separator: true },
    {
      label: t('marketing.recipients.actions.deleteAll'),
      icon: 'pi pi-trash',
      disabled: none,
      command: () => void deleteAll(),
    },
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} id={menuId} />
      <Button
        type="button"
        icon="pi pi-bars"
        label={t('marketing.recipients.actions.menu')}
        loading={sending || deleting.isLoading}
        aria-haspopup="menu"
        aria-controls={menuId}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}

interface RecipientsCardProps {
  newsletterId: string;
  /** The names of the saved selection's products, companies and contacts. */
  choices: NewsletterChoices;
}

/**
 * The recipients card of a saved newsletter (spec 2 §2 "Recipients card"): the selection (part of
 * the form, saved with it), 'Opret alle', 'Opret alle aktive' and 'Opret valgte'; the recipients'
 * counts; the latest send's progress; the recipients by company, each company and contact with
 * 'Send' and 'Slet'; and 'Handlinger' for all of them.
 */
export function RecipientsCard({ newsletterId, choices }: RecipientsCardProps) {
  const { t } = useTranslation();
  const recipients = useGetRecipientsQuery(newsletterId, { refetchOnMountOrArgChange: true });
  const data = recipients.data;
  return (
    <Section
      title={t('marketing.recipients.title')}
      actions={<RecipientsMenu newsletterId={newsletterId} recipients={data} />}
    >
      <div className="tb-stack">
        <RecipientSelection choices={choices} />
        <CreateRecipientsButtons newsletterId={newsletterId} />
        {data && <CountsList counts={data.counts} />}
        <SendProgressPanel
          newsletterId={newsletterId}
          onFinished={() => void recipients.refetch()}
        />
        {recipients.isError && (
          <Alert severity="error">
            {apiErrorMessage(recipients.error) ?? t('marketing.recipients.loadFailed')}
          </Alert>
        )}
        {data && data.groups.length === 0 && (
          <p className="tb-field-help">{t('marketing.recipients.empty')}</p>
        )}
        {data && data.groups.length > 0 && (
          <RecipientGroupsTable newsletterId={newsletterId} groups={data.groups} />
        )}
      </div>
    </Section>
  );
}
