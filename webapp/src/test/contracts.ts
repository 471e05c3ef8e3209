import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type {
  Contract,
  ContractLine,
  ContractProduct,
  ContractSetup,
  ProductGroup,
} from '../features/contracts/types';
import type { ContractListRow } from '../api/generated/contracts';
import type { SessionScenario } from './server';
import { staffSession } from './staffSession';
import { staffWithOrders } from './orders';

export function contractLine(extra: Partial<ContractLine> = {}): ContractLine {
  return {
    id: 'cl-1',
    productId: 'p-banner',
    variantId: null,
    title: 'Bandereklame',
    variant: null,
    sku: 'B-1',
    type: 'product',
    price: 1_000_000,
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
    unit: 'meter',
    total: 2_000_000,
    ...extra,
  };
}

export const bagerietGroen = {
  id: 'c-1',
  name: 'Bageriet Grøn ApS',
  address: 'Havnegade 1',
  zipCode: '5000',
  city: 'Odense',
};

export const annaBerg = {
  id: 'k-1',
  firstname: 'Anna',
  lastname: 'Berg',
  email: 'anna@bageriet.test',
  phone: null,
  mobile: '12345678',
};

/** A saved draft of Demo FC (prices with 25 % VAT): 2 meters of banner at 10.000,00. */
export function savedContract(extra: Partial<Contract> = {}): Contract {
  return {
    id: 'a-1',
    version: 4,
    contractNumber: 1001,
    status: 'draft',
    agreementStatus: 'unsent',
    createDate: '2026-01-05T10:00:00Z',
    categoryId: 'k1',
    seasonId: 's1',
    description: 'Sponsorat 2026',
    internal: null,
    additional: null,
    contractDescription: null,
    supplementalDescription: null,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    noEndDate: false,
    renewDate: '2026-10-01',
    ownerId: 'u2',
    companyId: bagerietGroen.id,
    company: bagerietGroen,
    contactId: annaBerg.id,
    contact: annaBerg,
    contractLines: [contractLine()],
    orderDiscount: 0,
    subtotal: 1_600_000,
    discount: 0,
    additionalFee: 0,
    vat: 400_000,
    total: 2_000_000,
    prePaymentTotal: 0,
    regularTotal: 2_000_000,
    invoicing: {
      type: null,
      prePaymentDate: null,
      invoiceDate: null,
      amount: null,
      intervals: null,
      startDate: null,
      rateFee: null,
      customPeriods: [],
      splitPayments: false,
    },
    fieldValues: {},
    pricesWithVat: true,
    vatRate: 2500,
    disableVat: false,
    renewalOf: null,
    renewedBy: null,
    awaitingSignature: false,
    signing: null,
    signedFileId: null,
    ...extra,
  };
}

/** GET contracts/new: an empty draft with the preselected 'Logo på trøjen'. */
export function newContractTemplate(): Contract {
  return savedContract({
    id: null,
    version: 0,
    contractNumber: null,
    createDate: null,
    categoryId: null,
    seasonId: null,
    description: null,
    startDate: null,
    endDate: null,
    renewDate: null,
    ownerId: null,
    companyId: null,
    company: null,
    contactId: null,
    contact: null,
    contractLines: [
      contractLine({
        id: 'cl-logo',
        productId: 'p-logo',
        title: 'Logo på trøjen',
        sku: 'L-1',
        price: 500_000,
        amount: 1,
        unit: 'stk',
        total: 500_000,
      }),
    ],
    subtotal: 400_000,
    vat: 100_000,
    total: 500_000,
    regularTotal: 500_000,
  });
}

function offered(
  id: string,
  title: string,
  price: number,
  setup: Partial<ContractSetup>,
  extra: Partial<ContractProduct> = {},
): ContractProduct {
  return {
    id,
    title,
    sku: null,
    type: 'product',
    price,
    prePayment: false,
    vatExempt: false,
    variants: [],
    contractSetup: {
      type: 'checkbox',
      amountType: null,
      unit: 'stk',
      preSelected: false,
      ...setup,
    },
    ...extra,
  };
}

/** GET contracts/products: two offered groups and a hidden one. */
export const productGroups: ProductGroup[] = [
  {
    category: { id: 'pc-1', title: 'Reklame' },
    isHidden: false,
    products: [
      offered('p-logo', 'Logo på trøjen', 500_000, { type: 'checkbox', preSelected: true }),
      offered('p-banner', 'Bandereklame', 1_000_000, {
        type: 'number',
        amountType: 'amount',
        unit: 'meter',
      }),
      offered('p-speak', 'Speakeromtale', 0, { type: 'number', amountType: 'price' }),
    ],
  },
  {
    category: { id: 'pc-2', title: 'Hospitality' },
    isHidden: false,
    products: [
      offered('p-lounge', 'Lounge', 150_000, { type: 'number-text', unit: 'person' }),
      offered(
        'p-shirt',
        'Trøje',
        60_000,
        { type: 'checkbox' },
        {
          variants: [
            { id: 'v-m', title: 'M', sku: 'T-M', price: 60_000, active: true },
            { id: 'v-l', title: 'L', sku: 'T-L', price: 65_000, active: true },
          ],
        },
      ),
    ],
  },
  {
    category: { id: 'pc-3', title: 'Interne' },
    isHidden: true,
    products: [offered('p-internal', 'Internt produkt', 100, { type: 'checkbox' })],
  },
];

/** The start-up calls for staff with orders, plus the side calls a contract page makes. */
export function contractsSession(scenario: SessionScenario = staffWithOrders) {
  return [
    ...staffSession(scenario),
    http.get('/api/orders/categories', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'k1', title: 'Sponsorat' },
          { id: 'k2', title: 'Hospitality' },
        ],
      }),
    ),
    http.get('/api/orders/seasons', () =>
      HttpResponse.json({ success: true, result: [{ id: 's1', title: 'Sæson 2026' }] }),
    ),
    http.get('/api/orders/fields', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/contracts/products', () =>
      HttpResponse.json({ success: true, result: productGroups }),
    ),
  ];
}

/** jsdom cannot measure PrimeReact's overlays: opens a select with the keyboard; its options. */
export async function openSelect(label: string): Promise<HTMLElement[]> {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  const list = await screen.findByRole('listbox', { hidden: true });
  return within(list).getAllByRole('option', { hidden: true });
}

/** Opens the select `label` and picks `option`. */
export async function chooseOption(label: string, option: string) {
  await openSelect(label);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** A row of the contracts list (and the contract search): Bageriet's approved, signed 1002. */
export function contractRow(extra: Partial<ContractListRow> = {}): ContractListRow {
  return {
    Id: 'k-2',
    Status: 'approved',
    AgreementStatus: 'signed',
    ContractNumber: 1002,
    Invoices: 0,
    InvoicesPaid: 0,
    Company: 'Bageriet ApS',
    Contact: null,
    Subtotal: 0,
    Total: 0,
    Files: 0,
    ...extra,
  };
}
