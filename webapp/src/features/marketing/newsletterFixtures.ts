// Demo data shaped like the newsletter calls, and the calls the marketing screens make, for the
// unit tests of this feature.

import { http, HttpResponse } from 'msw';
import type {
  Newsletter,
  NewsletterChoices,
  NewsletterRecipient,
  NewsletterRecipientGroup,
  RecipientCounts,
} from '../../api/generated/newsletters';
import { modules } from '../../test/fixtures';
import type { SessionScenario } from '../../test/server';
import { demoFcWithExtraInfo, staffAtDemoFc, staffSession } from '../../test/staffSession';

/** Staff of Demo FC with the marketing module, whose settings hold one newsletter template. */
export const staffWithMarketing: SessionScenario = {
  ...staffAtDemoFc,
  modules: [
    ...modules,
    {
      id: 'm5',
      alias: 'marketing',
      name: 'Marketing',
      icon: 'pi pi-envelope',
      url: '/marketing',
      sorting: 5,
    },
  ],
  client: {
    ...demoFcWithExtraInfo,
    settings: {
      ...demoFcWithExtraInfo.settings,
      newsletter: {
        emailTemplates: [
          { name: 'Månedsbrev', template: '<h1>{title}</h1>{description}' },
          { name: '', template: '<p>Uden navn</p>' },
        ],
      },
    },
  },
};

/** 'Forårsbrev' of Demo FC, read at version 3, with a picture, an attachment and a selection. */
export function savedNewsletter(extra: Partial<Newsletter> = {}): Newsletter {
  return {
    id: 'n-1',
    name: 'Forårsbrev',
    title: 'Nyt fra klubben',
    subject: 'Forår i Demo FC',
    emailTemplate: null,
    description: '<p>Sæsonen starter</p>',
    picture: '/api/files/download/pic-1',
    pictureBottom: null,
    fileAttachment: '/api/files/download/att-1',
    attachmentName: 'program.pdf',
    recipients: {
      productIds: [],
      orderProductIds: ['p-box'],
      companyIds: ['c-1'],
      contactIds: [],
      activeDate: null,
    },
    version: 3,
    createdAt: '2026-03-01T10:00:00Z',
    ...extra,
  };
}

export const savedChoices: NewsletterChoices = {
  products: [],
  orderProducts: [{ id: 'p-box', label: 'Logepakke' }],
  companies: [{ id: 'c-1', label: 'Bageriet ApS' }],
  contacts: [],
};

export function recipient(extra: Partial<NewsletterRecipient> = {}): NewsletterRecipient {
  return {
    id: 'r-1',
    sent: true,
    sentAt: '2026-03-02T09:00:00Z',
    sentTo: 'karen@bageriet.dk',
    skipped: null,
    unsubscribed: false,
    contact: { id: 'ct-1', firstname: 'Karen', lastname: 'Kunde', email: 'karen@bageriet.dk' },
    ...extra,
  };
}

/**
 * Bageriet with Karen (sent) and Kurt (not sent, unsubscribed), and without company Ole (no
 * e-mail) and Sofie (not sent).
 */
export function recipientGroups(): NewsletterRecipientGroup[] {
  return [
    {
      key: 'c-1',
      company: { id: 'c-1', name: 'Bageriet ApS' },
      contacts: [
        recipient(),
        recipient({
          id: 'r-2',
          sent: false,
          sentAt: null,
          sentTo: null,
          skipped: 'unsubscribed',
          unsubscribed: true,
          contact: { id: 'ct-2', firstname: 'Kurt', lastname: 'Bager', email: 'kurt@bageriet.dk' },
        }),
      ],
    },
    {
      key: 'none',
      company: null,
      contacts: [
        recipient({
          id: 'r-3',
          sent: false,
          sentAt: null,
          sentTo: null,
          skipped: 'email',
          contact: { id: 'ct-3', firstname: 'Ole', lastname: 'Olsen', email: '' },
        }),
        recipient({
          id: 'r-4',
          sent: false,
          sentAt: null,
          sentTo: null,
          contact: {
            id: 'ct-4',
            firstname: 'Sofie',
            lastname: 'Sørensen',
            email: 'sofie@example.dk',
          },
        }),
      ],
    },
  ];
}

export const recipientCounts: RecipientCounts = {
  total: 4,
  sent: 1,
  withoutEmail: 1,
  unsubscribed: 1,
};

/** The start-up calls of staff with marketing, and the searches of the recipients' selects. */
export function marketingSession(scenario: SessionScenario = staffWithMarketing) {
  return [
    ...staffSession(scenario),
    http.get('/api/products', () =>
      HttpResponse.json({
        success: true,
        result: [
          {
            id: 'p-season',
            title: 'Sæsonkort',
            price: 100_000,
            type: 'subscription',
            variants: [],
          },
          { id: 'p-box', title: 'Logepakke', price: 900_000, type: 'other', variants: [] },
        ],
      }),
    ),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'c-1', name: 'Bageriet ApS', cvr: null, city: 'Aarhus' },
          { id: 'c-2', name: 'Nordisk Byg ApS', cvr: null, city: null },
        ],
      }),
    ),
    http.get('/api/contacts', () =>
      HttpResponse.json({
        success: true,
        result: [
          {
            id: 'ct-9',
            firstname: 'Sofie',
            lastname: 'Sørensen',
            email: 'sofie@example.dk',
            phone: null,
            mobile: null,
          },
        ],
      }),
    ),
  ];
}
