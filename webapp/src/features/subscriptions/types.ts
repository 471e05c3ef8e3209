/**
 * Subscriptions (issue 14, spec 3 §3 Subscription). The server's types are generated from the Rust
 * types (`src/api/generated/subscriptions.ts`, `orders.ts`); this file names them for the feature
 * and adds what only the screens use.
 */

import type * as orders from '../../api/generated/orders';
import type * as api from '../../api/generated/subscriptions';

export { SUBSCRIPTION_EVENT_TYPES } from '../../api/generated/subscriptions';

/** Kladde, Aktiv (approved), Annulleret (spec 3 §4). */
export const SUBSCRIPTION_STATUSES = [
  'draft',
  'approved',
  'cancelled',
] as const satisfies readonly api.SubscriptionStatus[];
export type SubscriptionStatus = api.SubscriptionStatus;

/** The subscription as its page reads it (`GET /subscriptions/{id}`, `GET /subscriptions/new`). */
export type Subscription = api.SubscriptionDto;

/** What the subscription form edits (the body of `POST /subscriptions/update`, without id and version). */
export type SubscriptionContent = api.SubscriptionContent;

/** A row of the subscriptions list. */
export type SubscriptionRow = api.SubscriptionListRow;

export type SubscriptionCard = api.SubscriptionCard;
export type ChargeProblem = api.ChargeProblem;
export type Customer = api.Customer;

/** A line as the subscription stores it (no total: the server computes the totals). */
export type SubscriptionLine = orders.OrderLine;
export type SubscriptionCompany = orders.CompanyRef;
export type SubscriptionContact = orders.ContactRef;

/** `POST /subscriptions/update`: the form, with the id and version it was read at (none when new). */
export type SubscriptionInput = SubscriptionContent & { id: string | null; version: number };

/** The body of the status changes (approve, edit, cancel). */
export interface SubscriptionVersion {
  id: string;
  version: number;
}

/** The list's filter: the search text, and a status unless 'Alle'. */
export type SubscriptionFilter = {
  search: string;
  status?: SubscriptionStatus;
};
