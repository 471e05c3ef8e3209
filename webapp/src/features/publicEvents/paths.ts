import type { BookedOrderLink } from './localBooking';

/** The API's public event (its page's first read): /public/events/{url}. */
export function publicEventApiPath(url: string): string {
  return `/public/events/${encodeURIComponent(url)}`;
}

/** The public page of an event: /events/{url} (spec 2 §2 "Public routes"). */
export function publicEventPath(url: string): string {
  return `/events/${encodeURIComponent(url)}`;
}

/** The page showing the confirmation of a booked order: /events/{url}/{orderId}?token=…. */
export function confirmationPath(url: string, { orderId, token }: BookedOrderLink): string {
  return `${publicEventPath(url)}/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
}

/** The confirmation as the return address of a card payment. */
export function confirmationUrl(url: string, link: BookedOrderLink): string {
  return `${window.location.origin}${confirmationPath(url, link)}`;
}
