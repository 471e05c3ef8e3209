import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanAccess } from '../../shared/access';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { AggregateEditor } from '../../shared/editor/AggregateEditor';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { FilesGrid } from '../../shared/files/FilesGrid';
import { InvoicesTable } from '../../shared/invoices/InvoicesTable';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { NEW_SUBSCRIPTION_ID, SUBSCRIPTIONS_PATH, subscriptionPath } from './paths';
import { SubscriptionActionsMenu } from './SubscriptionActionsMenu';
import { SubscriptionStatusBadge } from './SubscriptionBadges';
import { SubscriptionHistoryTab } from './SubscriptionHistoryTab';
import {
  formFieldOf,
  subscriptionFormValues,
  subscriptionPayload,
  subscriptionSchema,
  type SubscriptionFormValues,
} from './subscriptionSchema';
import {
  useGetNewSubscriptionQuery,
  useGetSubscriptionQuery,
  useSaveSubscriptionMutation,
} from './subscriptionsApi';
import { isEditable } from './subscriptionStatus';
import { SubscriptionTab } from './SubscriptionTab';
import {
  FILES_TAB,
  HISTORY_TAB,
  INVOICES_TAB,
  NOTES_TAB,
  SUBSCRIPTION_TAB,
} from './subscriptionTabs';
import type { Subscription } from './types';

interface SubscriptionEditorProps {
  subscription: Subscription;
  /** Reads the subscription again and returns it (saved subscriptions). */
  reload: () => Promise<Subscription>;
}

function SubscriptionEditor({ subscription, reload }: SubscriptionEditorProps) {
  const { t } = useTranslation();
  const canManage = useCanAccess('manage', 'orders');
  const [tab, setTab] = useTabParam(SUBSCRIPTION_TAB);
  const [saveSubscription] = useSaveSubscriptionMutation();
  const schema = useMemo(() => subscriptionSchema(t), [t]);
  const savedId = subscription.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  // Every checked field is on the Abonnement tab.
  const showFields = () => {
    if (tab !== SUBSCRIPTION_TAB) setTab(SUBSCRIPTION_TAB);
  };

  return (
    <AggregateEditor<Subscription, SubscriptionFormValues>
      entity={subscription}
      reload={reload}
      formValues={subscriptionFormValues}
      schema={schema}
      save={(values) => saveSubscription(subscriptionPayload(subscription, values)).unwrap()}
      fieldOf={formFieldOf}
      listPath={SUBSCRIPTIONS_PATH}
      pathOf={subscriptionPath}
      texts={{
        title: savedId
          ? t('subscriptions.editor.title', { number: subscription.subscriptionNumber ?? '' })
          : t('subscriptions.editor.createTitle'),
        label: t('subscriptions.editor.label'),
        created: t('subscriptions.messages.created'),
        saved: t('subscriptions.messages.saved'),
        conflict: t('subscriptions.errors.conflict'),
        unknown: t('subscriptions.errors.unknown'),
      }}
      className="tb-page tb-order tb-subscription"
      struck={subscription.status === 'cancelled'}
      badge={savedId && <SubscriptionStatusBadge status={subscription.status} />}
      canSave={isEditable(subscription.status)}
      onInvalid={showFields}
      actions={(failed) =>
        savedId && (
          <SubscriptionActionsMenu
            subscription={{ ...subscription, id: savedId }}
            reload={reload}
            onError={failed}
            onInvalid={showFields}
          />
        )
      }
    >
      {() => (
        <Tabs
          activeKey={tab}
          onTabChange={setTab}
          tabs={[
            {
              key: SUBSCRIPTION_TAB,
              label: t('subscriptions.tabs.subscription'),
              content: <SubscriptionTab subscription={subscription} />,
            },
            {
              key: INVOICES_TAB,
              label: t('subscriptions.tabs.invoices'),
              visible: Boolean(savedId),
              // The charges make the invoices (the recurring job): none is made by hand here.
              content: savedId && (
                <InvoicesTable
                  sourceId={savedId}
                  collection="subscriptions"
                  canCreate={false}
                  canManage={canManage}
                />
              ),
            },
            {
              key: FILES_TAB,
              label: t('subscriptions.tabs.files'),
              visible: Boolean(savedId),
              content: savedId && <FilesGrid relationId={savedId} relationType="subscription" />,
            },
            {
              key: NOTES_TAB,
              label: t('subscriptions.tabs.notes'),
              visible: Boolean(savedId),
              badge: unread ? unread : undefined,
              content: savedId && (
                <CommentsCard
                  entityId={savedId}
                  originType="subscription"
                  originUrl={subscriptionPath(savedId)}
                />
              ),
            },
            {
              key: HISTORY_TAB,
              label: t('subscriptions.tabs.history'),
              visible: Boolean(savedId),
              content: savedId && <SubscriptionHistoryTab subscriptionId={savedId} />,
            },
          ]}
        />
      )}
    </AggregateEditor>
  );
}

/**
 * /orders/subscriptions/{id} ('create' = a new draft from the template GET subscriptions/new):
 * heading 'Opret kladde' or 'Abonnement #number' with its status, tabs Abonnement, Fakturaer,
 * Filer, Noter (unread badge) and Historik (all but Abonnement once saved), the actions menu and
 * 'Gem' (a draft only). A failed load goes back to the list.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { id = NEW_SUBSCRIPTION_ID } = useParams();
  const isNew = id === NEW_SUBSCRIPTION_ID;
  const existing = useGetSubscriptionQuery(id, { skip: isNew });
  const template = useGetNewSubscriptionQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  useLeaveWhenLoadFails(query, t('subscriptions.errors.loadFailed'), SUBSCRIPTIONS_PATH);

  const subscription = query.data;
  if (!subscription || query.isError) return <Preloader label={t('common.loading')} />;
  return (
    <SubscriptionEditor
      key={subscription.id ?? NEW_SUBSCRIPTION_ID}
      subscription={subscription}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
