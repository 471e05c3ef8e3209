import { useCallback, useEffect, useRef, useState } from 'react';
import type { PickedSeat } from '../../shared/seats/seatModel';

/** The guest purchase: no company, no contact (spec 2 §4 "Customer choice"); the answer's key. */
export const GUEST_KEY = 'none';

/**
 * One product of the booking: how many, the holders' names when the product asks, and for a
 * seat-ticket the seats picked (one per ticket once all are picked) and the hold session that
 * holds them, so a reload keeps them.
 */
export interface BookingLine {
  productId: string;
  amount: number;
  names: string[];
  seats?: PickedSeat[];
  holdToken?: string | null;
  /** The add-ons chosen for each ticket of the line: their products' ids. */
  options?: string[];
}

/** Step 2's customer fields (the password is never stored). */
export interface BookingContact {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  createUser: boolean;
}

/** The answers to the event's questions, by question (`q0`, `q1` …, in the event's order). */
export type BookingAnswers = Record<string, string | string[]>;

export type WizardStep = 1 | 2 | 3;

/** The order a booking made, and the token that opens its confirmation. */
export interface BookedOrderLink {
  orderId: string;
  token: string;
}

/**
 * The wizard's state, kept in the browser per event (spec 2 §4 "Local booking"), so a reload or
 * the way back from the payment keeps what was chosen and typed. It belongs to one user (or to a
 * visitor: null) and one event: for anyone or anything else it starts anew.
 */
export interface LocalBooking {
  eventId: string;
  userId: string | null;
  /** The customer chosen in step 1; null until chosen. */
  customerKey: string | null;
  lines: BookingLine[];
  /** Null until step 2 was filled. */
  contact: BookingContact | null;
  answers: BookingAnswers;
  /** The furthest step the buyer got to: a later step's address opens this one. */
  reached: WizardStep;
  order: BookedOrderLink | null;
  /**
   * The invitation the buyer came with (`?invite=` of the mail's link), while it holds: every
   * booking call sends it, so the invite's free tickets are priced as such.
   */
  inviteToken: string | null;
}

const KEY_PREFIX = 'tribune.booking.';

export function localBookingKey(eventId: string): string {
  return `${KEY_PREFIX}${eventId}`;
}

export function freshBooking(eventId: string, userId: string | null): LocalBooking {
  return {
    eventId,
    userId,
    customerKey: null,
    lines: [],
    contact: null,
    answers: {},
    reached: 1,
    order: null,
    inviteToken: null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSeat(value: unknown): value is PickedSeat {
  return (
    isRecord(value) &&
    ['label', 'section', 'row', 'seatNumber', 'color'].every(
      (key) => typeof value[key] === 'string',
    ) &&
    (value.categoryKey === null || typeof value.categoryKey === 'string')
  );
}

function isLine(value: unknown): value is BookingLine {
  return (
    isRecord(value) &&
    typeof value.productId === 'string' &&
    typeof value.amount === 'number' &&
    Array.isArray(value.names) &&
    value.names.every((name) => typeof name === 'string') &&
    (value.seats === undefined || (Array.isArray(value.seats) && value.seats.every(isSeat))) &&
    (value.holdToken === undefined ||
      value.holdToken === null ||
      typeof value.holdToken === 'string') &&
    (value.options === undefined ||
      (Array.isArray(value.options) && value.options.every((id) => typeof id === 'string')))
  );
}

function isContact(value: unknown): value is BookingContact {
  return (
    isRecord(value) &&
    ['firstname', 'lastname', 'email', 'phone'].every((key) => typeof value[key] === 'string') &&
    typeof value.createUser === 'boolean'
  );
}

function isOrder(value: unknown): value is BookedOrderLink {
  return isRecord(value) && typeof value.orderId === 'string' && typeof value.token === 'string';
}

/** A stored booking as the type says, or null for anything else (an old shape, a hand edit). */
function parsed(text: string | null): LocalBooking | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (
    !isRecord(value) ||
    typeof value.eventId !== 'string' ||
    !(value.userId === null || typeof value.userId === 'string') ||
    !(value.customerKey === null || typeof value.customerKey === 'string') ||
    !Array.isArray(value.lines) ||
    !value.lines.every(isLine) ||
    !(value.contact === null || isContact(value.contact)) ||
    !isRecord(value.answers) ||
    ![1, 2, 3].includes(value.reached as number) ||
    !(value.order === null || isOrder(value.order)) ||
    !(
      value.inviteToken === undefined ||
      value.inviteToken === null ||
      typeof value.inviteToken === 'string'
    )
  ) {
    return null;
  }
  // A booking stored before invitations has no token.
  return { ...value, inviteToken: value.inviteToken ?? null } as unknown as LocalBooking;
}

/** The stored booking of the event, when it is this user's; else a fresh one. */
export function loadBooking(eventId: string, userId: string | null): LocalBooking {
  let text: string | null = null;
  try {
    text = localStorage.getItem(localBookingKey(eventId));
  } catch {
    // Private browsing without storage: the booking lasts for this page only.
  }
  const stored = parsed(text);
  if (!stored || stored.eventId !== eventId || stored.userId !== userId) {
    // Another user's booking (or none to read) is not kept for this one.
    if (text !== null) clearBooking(eventId);
    return freshBooking(eventId, userId);
  }
  return stored;
}

export function saveBooking(booking: LocalBooking) {
  try {
    localStorage.setItem(localBookingKey(booking.eventId), JSON.stringify(booking));
  } catch {
    // As above: kept in memory only.
  }
}

export function clearBooking(eventId: string) {
  try {
    localStorage.removeItem(localBookingKey(eventId));
  } catch {
    // As above.
  }
}

export type BookingUpdate = Partial<LocalBooking> | ((booking: LocalBooking) => LocalBooking);

export interface LocalBookingStore {
  booking: LocalBooking;
  update: (change: BookingUpdate) => void;
  /** 'Start forfra', or the booking is done: the stored booking is gone. */
  reset: () => void;
}

/**
 * The event's local booking for the user: read once per event and user, saved as it changes (at
 * once, so a page left right after, for the payment window, finds it). Another user (a login, a
 * logout) or another event starts afresh.
 */
export function useLocalBooking(eventId: string, userId: string | null): LocalBookingStore {
  const [booking, setBooking] = useState(() => loadBooking(eventId, userId));
  const latest = useRef(booking);
  const stale = booking.eventId !== eventId || booking.userId !== userId;

  useEffect(() => {
    if (!stale) return;
    const loaded = loadBooking(eventId, userId);
    latest.current = loaded;
    setBooking(loaded);
  }, [stale, eventId, userId]);

  const update = useCallback((change: BookingUpdate) => {
    const previous = latest.current;
    const next = typeof change === 'function' ? change(previous) : { ...previous, ...change };
    latest.current = next;
    saveBooking(next);
    setBooking(next);
  }, []);

  const reset = useCallback(() => {
    clearBooking(eventId);
    const fresh = freshBooking(eventId, userId);
    latest.current = fresh;
    setBooking(fresh);
  }, [eventId, userId]);

  return { booking: stale ? loadBooking(eventId, userId) : booking, update, reset };
}
