import { Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { useCanAccess } from '../../shared/access';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { isConflict } from '../../shared/conflict';
import { FilesGrid } from '../../shared/files/FilesGrid';
import { InvoicesTable } from '../../shared/invoices/InvoicesTable';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
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

/**
 * The comments' kind of a subscription. The server takes 'subscription' (api/src/crm/comments.rs);
 * the shared kinds do not name it yet.
 */

/** A failed submit shows the Abonnement tab, where every checked field is. */
function ShowFieldsOnInvalidSubmit({ onInvalid }: { onInvalid: () => void }) {
  const { submitCount, isValid, isSubmitting } = useFormikContext();
  const handled = useRef(0);
  const listener = useRef(onInvalid);
  useEffect(() => {
    listener.current = onInvalid;
  });
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    listener.current();
  }, [submitCount, isValid, isSubmitting]);
  return null;
}

interface SubscriptionEditorProps {
  subscription: Subscription;
  /** Reads the subscription again and returns it (saved subscriptions). */
  reload: () => Promise<Subscription>;
}

function SubscriptionEditor({ subscription, reload }: SubscriptionEditorProps) {
  const { t } = useTranslation();
  const canManage = useCanAccess('manage', 'orders');
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(SUBSCRIPTION_TAB);
  const [saveSubscription] = useSaveSubscriptionMutation();
  const schema = useMemo(() => subscriptionSchema(t), [t]);
  const initialValues = useMemo(() => subscriptionFormValues(subscription), [subscription]);
  const savedId = subscription.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  const showFields = () => {
    if (tab !== SUBSCRIPTION_TAB) setTab(SUBSCRIPTION_TAB);
  };

  /**
   * A failed write: a 409 shows the server's text and reads the subscription again (the form shows
   * the server's state); other refusals put their messages on the fields and show the server's
   * text, or 'Der opstod en ukendt fejl!' (spec 3 §8).
   */
  async function failed(
    error: unknown,
    helpers: Pick<FormikHelpers<SubscriptionFormValues>, 'resetForm' | 'setErrors'>,
  ) {
    if (isConflict(error)) {
      toast.error(apiErrorMessage(error) ?? t('subscriptions.errors.conflict'));
      if (savedId) {
        const fresh = await reload();
        helpers.resetForm({ values: subscriptionFormValues(fresh) });
      }
      return;
    }
    if (applyServerErrors(helpers.setErrors, error, formFieldOf)) showFields();
    toast.error(apiErrorMessage(error) ?? t('subscriptions.errors.unknown'));
  }

  const title = savedId
    ? t('subscriptions.editor.title', { number: subscription.subscriptionNumber ?? '' })
    : t('subscriptions.editor.createTitle');

  return (
    <Formik<SubscriptionFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const id = await saveSubscription(subscriptionPayload(subscription, values)).unwrap();
          if (!savedId) {
            toast.success(t('subscriptions.messages.created'));
            navigate(subscriptionPath(id), { replace: true });
          } else {
            toast.success(t('subscriptions.messages.saved'));
            const fresh = await reload();
            helpers.resetForm({ values: subscriptionFormValues(fresh) });
          }
        } catch (error) {
          await failed(error, helpers);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page tb-order tb-subscription" label={t('subscriptions.editor.label')}>
          <ShowFieldsOnInvalidSubmit onInvalid={showFields} />
          <div className="tb-page-header">
            <div className="tb-order-heading">
              <h1>{subscription.status === 'cancelled' ? <s>{title}</s> : title}</h1>
              {savedId && <SubscriptionStatusBadge status={subscription.status} />}
            </div>
            <div className="tb-page-actions">
              <Link to={SUBSCRIPTIONS_PATH} className="p-button p-component p-button-text">
                {t('common.back')}
              </Link>
              {savedId && (
                <SubscriptionActionsMenu
                  subscription={{ ...subscription, id: savedId }}
                  reload={reload}
                  onError={(error) => failed(error, form)}
                  onInvalid={showFields}
                />
              )}
              {isEditable(subscription.status) && (
                <Button
                  type="submit"
                  icon="pi pi-save"
                  label={t('common.save')}
                  loading={form.isSubmitting}
                />
              )}
            </div>
          </div>
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
        </Form>
      )}
    </Formik>
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
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_SUBSCRIPTION_ID } = useParams();
  const isNew = id === NEW_SUBSCRIPTION_ID;
  const existing = useGetSubscriptionQuery(id, { skip: isNew });
  const template = useGetNewSubscriptionQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  const { isError, error } = query;

  // Once per failure: the effect may run again (a new `navigate`) before the page is gone.
  const leftFor = useRef<unknown>(null);
  useEffect(() => {
    if (!isError || leftFor.current === error) return;
    leftFor.current = error;
    toast.error(apiErrorMessage(error) ?? t('subscriptions.errors.loadFailed'));
    navigate(SUBSCRIPTIONS_PATH, { replace: true });
  }, [isError, error, toast, t, navigate]);

  const subscription = query.data;
  if (!subscription || isError) return <Preloader label={t('common.loading')} />;
  return (
    <SubscriptionEditor
      key={subscription.id ?? NEW_SUBSCRIPTION_ID}
      subscription={subscription}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
