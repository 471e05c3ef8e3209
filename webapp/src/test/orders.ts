import { http, HttpResponse } from 'msw';
import type { Order, OrderLine } from '../features/orders/types';
import { staffAtDemoFc, staffSession } from './staffSession';
import { modules } from './fixtures';
import type { SessionScenario } from './server';

/** Staff of Demo FC with the orders module. */
export const staffWithOrders: SessionScenario = {
  ...staffAtDemoFc,
  modules: [
    ...modules,
    {
      id: 'm6',
      alias: 'orders',
      name: 'Ordrer',
      icon: 'pi pi-shopping-cart',
      url: '/orders',
      sorting: 6,
    },
  ],
};

export function orderLine(extra: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 'l-1',
    productId: 'p-scarf',
    variantId: null,
    title: 'Halstørklæde',
    variant: null,
    sku: 'H-1',
    type: 'product',
    price: 14_900,
    discount: 0,
    amount: 2,
    options: [],
    prePayment: false,
    vatExempt: false,
    seat: null,
    seatEvent: null,
    seatEventId: null,
    seatCategoryId: null,
    extraInfo: [],
    description: null,
    total: 29_800,
    ...extra,
  };
}

/** A saved order of Demo FC (prices with 25 % VAT) with one line. */
export function savedOrder(extra: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    version: 3,
    orderNumber: 1001,
    status: 'draft',
    paymentStatus: 'pending',
    cardPayment: null,
    deskPayment: null,
    delivery: null,
    createDate: '2026-03-01T10:00:00Z',
    firstname: 'Anna',
    lastname: 'Berg',
    email: 'anna@berg.test',
    phone: '12345678',
    description: null,
    internal: null,
    additional: null,
    categoryId: null,
    fieldValues: {},
    extraInfo: [],
    orderLines: [orderLine()],
    orderDiscount: 0,
    subtotal: 23_840,
    discount: 0,
    additionalFee: 0,
    vat: 5_960,
    total: 29_800,
    prePaymentTotal: 0,
    regularTotal: 29_800,
    companyId: null,
    company: null,
    contactId: null,
    contact: null,
    contractId: null,
    contract: null,
    invoicing: {
      type: null,
      prePaymentDate: null,
      invoiceDate: null,
      rateFee: null,
      splitPayments: false,
    },
    isPos: false,
    pricesWithVat: true,
    vatRate: 2500,
    disableVat: false,
    ...extra,
  };
}

/** The empty draft of GET orders/new. */
export function newOrderTemplate(): Order {
  return savedOrder({
    id: null,
    version: 0,
    orderNumber: null,
    createDate: null,
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    orderLines: [],
    subtotal: 0,
    vat: 0,
    total: 0,
    regularTotal: 0,
  });
}

/** The start-up calls for staff with orders, plus the side calls an order page makes. */
export function ordersSession() {
  return [
    ...staffSession(staffWithOrders),
    http.get('/api/orders/categories', () =>
      HttpResponse.json({ success: true, result: [{ id: 'k1', title: 'Hospitality' }] }),
    ),
    http.get('/api/orders/contracts', () => HttpResponse.json({ success: true, result: [] })),
  ];
}
