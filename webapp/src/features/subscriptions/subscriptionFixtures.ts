// Demo data shaped like the subscription calls, and the calls a subscription page makes, for the
// unit tests of this feature.

import { http, HttpResponse } from 'msw';
import { staffWithOrders } from '../../test/orders';
import type { SessionScenario } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { Subscription, SubscriptionLine, SubscriptionRow } from './types';

export const annaBerg = {
  id: 'k-1',
  firstname: 'Anna',
  lastname: 'Berg',
  email: 'anna@berg.test',
  phone: null,
  mobile: '12345678',
};

export function subscriptionLine(extra: Partial<SubscriptionLine> = {}): SubscriptionLine {
  return {
    id: 'l-1',
    productId: null,
    variantId: null,
    title: 'Fitness',
    variant: null,
    sku: null,
    type: null,
    price: 29_900,
    discount: 0,
    amount: 1,
    options: [],
    prePayment: false,
    vatExempt: false,
    seat: null,
    seatEvent: null,
    seatEventId: null,
    seatCategoryId: null,
    extraInfo: [],
    description: null,
    ...extra,
  };
}

/** A saved draft of Demo FC (prices with 25 % VAT): Fitness at 299,00 a month, 6 months' binding. */
export function savedSubscription(extra: Partial<Subscription> = {}): Subscription {
  return {
    id: 's-1',
    version: 3,
    subscriptionNumber: 1001,
    status: 'draft',
    seasonId: 's1',
    description: 'Fitness hele året',
    internal: null,
    startDate: '2026-01-01',
    endDate: null,
    noEndDate: true,
    repeats: 1,
    commitment: 6,
    autoRenew: false,
    orderLines: [subscriptionLine()],
    orderDiscount: 0,
    ownerId: 'u2',
    companyId: null,
    contactId: annaBerg.id,
    customer: { firstname: 'Anna', lastname: 'Berg', email: 'anna@berg.test', phone: '12345678' },
    subtotal: 23_920,
    discount: 0,
    additionalFee: 0,
    vat: 5_980,
    total: 29_900,
    company: null,
    contact: annaBerg,
    card: null,
    nextPayment: null,
    commitmentDate: '2026-07-01',
    renewsTo: null,
    renewalNoticed: false,
    periodsPaid: 0,
    chargeProblem: null,
    pricesWithVat: true,
    vatRate: 2500,
    ...extra,
  };
}

/** GET subscriptions/new: an empty monthly draft. */
export function newSubscriptionTemplate(): Subscription {
  return savedSubscription({
    id: null,
    version: 0,
    subscriptionNumber: null,
    seasonId: null,
    description: null,
    startDate: null,
    noEndDate: false,
    repeats: 1,
    commitment: null,
    orderLines: [],
    ownerId: null,
    contactId: null,
    contact: null,
    customer: { firstname: '', lastname: '', email: '', phone: '' },
    subtotal: 0,
    vat: 0,
    total: 0,
    commitmentDate: null,
  });
}

export function subscriptionRow(extra: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 's-1',
    subscriptionNumber: 1001,
    status: 'approved',
    contactName: 'Anna Berg',
    companyId: null,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    nextPayment: '2026-03-01',
    paymentFailed: false,
    subtotal: 23_920,
    total: 29_900,
    ...extra,
  };
}

/** The start-up calls for staff with orders, plus the side calls a subscription page makes. */
export function subscriptionsSession(scenario: SessionScenario = staffWithOrders) {
  return [
    ...staffSession(scenario),
    http.get('/api/orders/seasons', () =>
      HttpResponse.json({ success: true, result: [{ id: 's1', title: 'Sæson 2026' }] }),
    ),
  ];
}
