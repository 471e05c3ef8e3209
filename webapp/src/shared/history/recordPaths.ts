/**
 * The back-office page of a record the history API names by its `{type}` and id: where an audit
 * finding links to. Types without a page of their own (an invitation, a ticket) have none.
 */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  order: (id) => `/orders/${encodeURIComponent(id)}`,
  contract: (id) => `/orders/contracts/${encodeURIComponent(id)}`,
  subscription: (id) => `/orders/subscriptions/${encodeURIComponent(id)}`,
};

export function recordPath(recordType: string, id: string): string | undefined {
  return RECORD_PAGES[recordType]?.(id);
}

/** Where a record type's event labels are (`<area>.history.events.<EventType>`). */
const EVENT_LABELS: Record<string, string> = {
  order: 'orders.history.events',
  contract: 'contracts.history.events',
  invoice: 'invoices.history.events',
  subscription: 'subscriptions.history.events',
  invite: 'events.invites.history.events',
  ticket: 'events.attendees.history.events',
};

/** The i18n key of an event's Danish label ('Godkendt'), for the record types that have them. */
export function eventLabelKey(recordType: string, eventType: string): string | undefined {
  const area = EVENT_LABELS[recordType];
  return area ? `${area}.${eventType}` : undefined;
}
