// A staff member of Demo FC, whose settings define extra-info fields, and the calls the app makes
// for them (start-up, staff list, and the side calls of a company page).

import { http, HttpResponse } from 'msw';
import type { ClientConfig } from '../api/appApi';
import { clubs, demoFc, modules, staffUser } from './fixtures';
import { sessionHandlers, type SessionScenario } from './server';

/** Staff of Demo FC, whose settings define one extra-info field of each kind. */
export const demoFcWithExtraInfo: ClientConfig = {
  ...demoFc,
  settings: {
    companies: {
      extraInfo: [
        {
          title: 'Branche',
          alias: 'branche',
          type: 'Select',
          values: ['Byg', 'Mad'],
          multiple: false,
          required: true,
        },
        {
          title: 'Nyhedsbrev',
          alias: 'nyhedsbrev',
          type: 'Checkbox',
          values: ['Ja'],
          multiple: true,
          required: false,
        },
      ],
    },
    contacts: { extraInfo: [] },
  },
};

export const staffAtDemoFc: SessionScenario = {
  user: staffUser,
  clients: clubs.slice(0, 1),
  client: demoFcWithExtraInfo,
  modules,
};

export const staffUsers = [
  { id: 'u1', firstname: 'Anna', lastname: 'Admin', email: 'admin@tribune.test', picture: null },
  { id: 'u2', firstname: 'Sofie', lastname: 'Staff', email: 'staff@tribune.test', picture: null },
];

/** The start-up calls for staff of Demo FC, plus the staff list and the empty side calls of a company. */
export function staffSession(scenario: SessionScenario = staffAtDemoFc) {
  return [
    ...sessionHandlers(scenario),
    http.get('/api/app/users', () => HttpResponse.json({ success: true, result: staffUsers })),
    http.get('/api/comments/:id', () =>
      HttpResponse.json({ success: true, comments: [], totalComments: 0, unread: 0 }),
    ),
    http.get('/api/files/:id', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/companies/event-types', () =>
      HttpResponse.json({ success: true, result: [], products: [] }),
    ),
    http.get('/api/companies/:id/revenue', () =>
      HttpResponse.json({ success: true, result: { revenue: 0, year: 2025 } }),
    ),
    http.get('/api/companies/:id/ticket-utilization', () =>
      HttpResponse.json({ success: true, result: [] }),
    ),
  ];
}
