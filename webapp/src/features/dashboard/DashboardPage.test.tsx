import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AclRule } from '../../api/appApi';
import { staffUser } from '../../test/fixtures';
import { staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { LeadFollowupRow, RenegotiationRow } from './types';

const read = (module: string): AclRule => ({
  subject: [module],
  action: ['read'],
  inverted: false,
  fields: ['*'],
});

const renegotiations: RenegotiationRow[] = [
  { id: 'k-1', contractNumber: 1001, name: 'Bageriet Grøn ApS', renewDate: '2026-04-01' },
  { id: 'k-2', contractNumber: 1002, name: null, renewDate: '2026-05-15' },
];

const leads: LeadFollowupRow[] = [
  { id: 'c-7', name: 'Cykelsmeden', owner: 'Sofie Staff', followUpDate: '2026-03-20' },
];

/** Staff of Demo FC (with the orders module) whose role reads `modules`; returns the list calls. */
function serveDashboard(modules: string[], rows = { renegotiations, leads }) {
  const requests: Record<string, unknown[]> = {};
  const list = (path: string, result: unknown[]) =>
    http.post(`/api/dashboard/${path}`, async ({ request }) => {
      (requests[path] ??= []).push(await request.json());
      return HttpResponse.json({ success: true, Result: result, Total: result.length });
    });
  server.use(
    ...staffSession({ ...staffWithOrders, user: { ...staffUser, acl: modules.map(read) } }),
    list('renegotiations', rows.renegotiations),
    list('leads-followup', rows.leads),
  );
  return requests;
}

function widget(name: string) {
  return screen.getByRole('region', { name });
}

describe('the dashboard', () => {
  it('shows the renegotiations and the leads to follow up under the club name', async () => {
    const requests = serveDashboard(['orders', 'companies']);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();

    const renewals = await screen.findByRole('table', { name: 'Kommende genforhandlinger' });
    const first = await within(renewals).findByRole('row', { name: /Bageriet Grøn ApS/ });
    expect(first).toHaveTextContent('01-04-2026');
    expect(within(first).getByRole('link', { name: 'Bageriet Grøn ApS' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    // Without a company or contact the contract names itself.
    expect(within(renewals).getByRole('link', { name: 'Aftale #1002' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-2',
    );
    expect(within(renewals).getByRole('row', { name: /Aftale #1002/ })).toHaveTextContent(
      '15-05-2026',
    );

    const followUps = screen.getByRole('table', { name: 'Opfølgning på leads' });
    const lead = await within(followUps).findByRole('row', { name: /Cykelsmeden/ });
    expect(lead).toHaveTextContent('Sofie Staff');
    expect(lead).toHaveTextContent('20-03-2026');
    expect(within(lead).getByRole('link', { name: 'Cykelsmeden' })).toHaveAttribute(
      'href',
      '/companies/c-7',
    );
    expect(widget('Kommende genforhandlinger')).toBeInTheDocument();
    expect(widget('Opfølgning på leads')).toBeInTheDocument();

    expect(requests['renegotiations']).toEqual([
      { filter: {}, sort: { field: 'RenewDate', dir: 'asc' }, page: 1, perPage: 10 },
    ]);
    expect(requests['leads-followup']).toEqual([
      { filter: {}, sort: { field: 'FollowUpDate', dir: 'asc' }, page: 1, perPage: 10 },
    ]);
  });

  it('says when there is nothing to renegotiate or follow up', async () => {
    serveDashboard(['orders', 'companies'], { renegotiations: [], leads: [] });
    renderApp('/');
    expect(await screen.findByText('Ingen kommende genforhandlinger')).toBeInTheDocument();
    expect(await screen.findByText('Ingen leads til opfølgning')).toBeInTheDocument();
  });

  it('shows only the widgets of the modules the role may read', async () => {
    const requests = serveDashboard(['companies']);
    renderApp('/');
    await screen.findByRole('table', { name: 'Opfølgning på leads' });
    expect(
      screen.queryByRole('region', { name: 'Kommende genforhandlinger' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(requests['leads-followup']).toHaveLength(1));
    expect(requests['renegotiations']).toBeUndefined();
  });
});
