import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, clubs, demoFc, modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';
import { jobStatus } from './types';

const settings = {
  id: 'c1',
  name: 'Demo FC',
  url: null,
  address: null,
  zipCode: null,
  city: null,
  cvr: null,
  email: null,
  phone: null,
  website: null,
  contact: null,
  ownDesignation: null,
  senderEmail: null,
  bankReg: null,
  bankAccount: null,
  pricesWithVat: true,
  disableVat: false,
  logo: null,
  apiKeys: [],
  settings: {},
  sections: [],
  roles: [
    { name: 'Administrator', alias: 'admin' },
    { name: 'Medarbejder', alias: 'staff' },
  ],
  canEditUrl: true,
};

function serve(check: { status: string; allowed: boolean; message: string }) {
  const saves: unknown[] = [];
  server.use(
    ...sessionHandlers({ user: adminUser, clients: clubs, client: demoFc, modules }),
    http.get('/api/settings', () => HttpResponse.json({ success: true, result: settings })),
    http.get('/api/client/users/find/:email', () =>
      HttpResponse.json({ success: true, result: { ...check, user: null } }),
    ),
    http.post('/api/client/users/update', async ({ request }) => {
      const form = await request.formData();
      saves.push(JSON.parse(String(form.get('data'))));
      return HttpResponse.json({ success: true, result: 'u-9' });
    }),
    http.get('/api/client/users/u-9', () =>
      HttpResponse.json({
        success: true,
        result: {
          id: 'u-9',
          email: 'ny@tribune.test',
          firstname: 'Nina',
          lastname: '',
          phone: null,
          mobile: null,
          about: null,
          linkedin: null,
          title: null,
          signature: null,
          picture: null,
          emailConfirmed: false,
          superAdmin: false,
          role: 'staff',
          accepted: true,
        },
      }),
    ),
  );
  return saves;
}

describe('the club user editor', () => {
  it('unlocks the fields when the e-mail check allows, then creates the user', async () => {
    const saves = serve({ status: 'new', allowed: true, message: 'E-mail adressen er ledig' });
    const { router } = renderApp('/settings/users/create');
    const firstname = await screen.findByLabelText('Fornavn');
    expect(firstname).toBeDisabled();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ny@tribune.test');
    await userEvent.click(screen.getByRole('button', { name: 'Tjek e-mail' }));
    expect(await screen.findByText('E-mail adressen er ledig')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Fornavn')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Fornavn'), 'Nina');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Bruger blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/u-9'));
    expect(saves[0]).toMatchObject({ email: 'ny@tribune.test', firstname: 'Nina', role: null });
  });

  it('keeps the fields locked for a user who is already in the club', async () => {
    serve({
      status: 'member',
      allowed: false,
      message: 'Brugeren er allerede tilknyttet klubben.',
    });
    renderApp('/settings/users/create');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'staff@tribune.test');
    await userEvent.click(screen.getByRole('button', { name: 'Tjek e-mail' }));
    expect(await screen.findByText('Brugeren er allerede tilknyttet klubben.')).toBeInTheDocument();
    expect(screen.getByLabelText('Fornavn')).toBeDisabled();
  });
});

describe('the job status badge', () => {
  it('follows the rules of spec 1 §2', () => {
    expect(jobStatus({ Succeeded: true, Pending: false, Error: null })).toBe('Succeeded');
    expect(jobStatus({ Succeeded: false, Pending: true, Error: 'Mail kunne ikke sendes' })).toBe(
      'Error',
    );
    expect(jobStatus({ Succeeded: false, Pending: true, Error: null })).toBe('Pending');
  });
});
