import type { SubscriptionDto } from '../../src/api/generated/subscriptions';
import { type StaffApi, todayInCopenhagen } from './api';
import { linksIn, waitForMail } from './mail';
import { expect } from './test';

/**
 * A draft subscription of Fitness at 299,00 a month from today, no binding, for a new contact
 * person with `email` (and a phone when given), whose payment link staff mail ('Send
 * betalingslink'): the draft as staff read it, and the link's path with its token from the mail.
 */
export async function mailedDraftSubscription(
  api: StaffApi,
  contact: { firstname: string; email: string; phone?: string },
) {
  const created = await api.postForm<{ data: { id: string } }>('/api/contacts/update', {
    data: JSON.stringify({ ...contact, lastname: `E2E ${Date.now()}` }),
  });
  const { result: id } = await api.post<{ result: string }>('/api/subscriptions/update', {
    contactId: created.data.id,
    repeats: 1,
    commitment: 0,
    startDate: todayInCopenhagen(),
    noEndDate: true,
    orderLines: [{ title: 'Fitness', price: 29900, discount: 0, amount: 1 }],
  });
  const { result: draft } = await api.get<SubscriptionDto>(`/api/subscriptions/${id}`);
  expect(draft.status).toBe('draft');

  await api.post(`/api/subscriptions/${id}/send-paymentlink`, {});
  const mail = await waitForMail(contact.email, (m) =>
    (m.subject ?? '').startsWith(`Betaling af abonnement #${draft.subscriptionNumber} `),
  );
  const found = linksIn(mail).find((url) => url.pathname.startsWith('/subscriptions/'));
  const link = found ? found.pathname + found.search : '';
  expect(link).toMatch(new RegExp(`^/subscriptions/${id}\\?token=.+`));
  return { id, draft, link };
}
