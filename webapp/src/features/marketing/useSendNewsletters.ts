import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { useToast } from '../../shared/ui/Toast';
import { useSendNewslettersMutation } from './newslettersApi';

/**
 * Sends the newsletter to recipients (none: all of them; `force`: also to those who got it) and
 * says so: 'Nyhedsbrevet sendes til N modtagere', with how many were skipped.
 */
export function useSendNewsletters(newsletterId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [sendNewsletters, state] = useSendNewslettersMutation();
  const send = useCallback(
    async (recipientIds: string[], force: boolean) => {
      try {
        const { queued, skipped } = await sendNewsletters({
          newsletterId,
          recipientIds,
          force,
        }).unwrap();
        toast.success(
          skipped > 0
            ? t('marketing.recipients.actions.queuedSkipped', { count: queued, skipped })
            : t('marketing.recipients.actions.queued', { count: queued }),
        );
      } catch (error) {
        toast.error(apiErrorMessage(error) ?? t('marketing.recipients.failed'));
      }
    },
    [newsletterId, sendNewsletters, t, toast],
  );
  return { send, sending: state.isLoading };
}
