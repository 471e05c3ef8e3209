import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clubs, demoFc, modules, staffUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { emptyList, server, sessionHandlers, type SessionScenario } from '../../test/server';

/** The server's session: anonymous until POST /api/login succeeds. */
function serveLogin(afterLogin: SessionScenario) {
  let scenario: SessionScenario = {};
  const requests: unknown[] = [];
  server.use(
    ...sessionHandlers(() => scenario),
    http.post('/api/login', async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      requests.push(body);
      if (body.password !== 'tribune-demo') {
        return HttpResponse.json(
          { success: false, error: 'Forkert e-mail eller adgangskode' },
          { status: 401 },
        );
      }
      scenario = afterLogin;
      return HttpResponse.json({ success: true, data: afterLogin.user });
    }),
  );
  return requests;
}

const staffAtDemoFc: SessionScenario = {
  user: staffUser,
  clients: clubs.slice(0, 1),
  client: demoFc,
  modules,
};

async function logIn(password = 'tribune-demo') {
  await userEvent.type(await screen.findByLabelText('E-mail'), 'staff@tribune.test');
  await userEvent.type(screen.getByLabelText('Adgangskode'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log ind' }));
}

describe('login', () => {
  it('asks for e-mail and password and focuses the first invalid field', async () => {
    server.use(...sessionHandlers());
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Log ind' }));
    expect(await screen.findByText('E-mail skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Adgangskode skal udfyldes')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it("shows the server's message in a red alert", async () => {
    serveLogin(staffAtDemoFc);
    renderApp('/login');
    await logIn('forkert');
    expect(await screen.findByRole('alert')).toHaveTextContent('Forkert e-mail eller adgangskode');
  });

  it('sends the payload of the contract and goes to the back office', async () => {
    const requests = serveLogin(staffAtDemoFc);
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByLabelText('Husk mig'));
    await logIn();
    expect(await screen.findByRole('navigation', { name: 'Moduler' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requests).toEqual([
      { email: 'staff@tribune.test', password: 'tribune-demo', rememberMe: true },
    ]);
  });

  it('sends an anonymous visitor of a staff route to the login and back after it', async () => {
    serveLogin(staffAtDemoFc);
    server.use(emptyList('/api/companies'));
    const { router } = renderApp('/companies?search=demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    // The list has loaded: no request of this test is still on its way when the next one starts.
    expect(await screen.findByText('Ingen elementer blev fundet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=demo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Virksomheder' }),
    ).toBeInTheDocument();
  });

  it('confirms the e-mail address after the confirmation link', async () => {
    server.use(...sessionHandlers());
    renderApp('/login?confirmed=1');
    expect(
      await screen.findByText('Din e-mail adresse er bekræftet. Du kan nu logge ind.'),
    ).toBeInTheDocument();
  });
});

describe('sign-up and passwords', () => {
  it('signs up and shows the confirmation text instead of the form', async () => {
    let body: unknown;
    server.use(
      ...sessionHandlers({ client: demoFc, modules }),
      http.post('/api/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Fornavn'), 'Karen');
    await userEvent.type(screen.getByLabelText('Efternavn'), 'Kunde');
    await userEvent.type(screen.getByLabelText('E-mail'), 'karen@tribune.test');
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'hemmelig1');
    await userEvent.type(screen.getByLabelText('Gentag adgangskode'), 'hemmelig2');
    await userEvent.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(
      await screen.findByText('Gentag adgangskode skal matche Adgangskode'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Gentag adgangskode')).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('Gentag adgangskode'));
    await userEvent.type(screen.getByLabelText('Gentag adgangskode'), 'hemmelig1');
    await userEvent.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(
      await screen.findByText(
        'Din bruger blev oprettet! Før du kan logge ind skal du klikke på det link der er sendt til karen@tribune.test for at bekræfte din e-mail adresse.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Fornavn')).not.toBeInTheDocument();
    expect(body).toEqual({
      firstname: 'Karen',
      lastname: 'Kunde',
      email: 'karen@tribune.test',
      password: 'hemmelig1',
      confirmPassword: 'hemmelig1',
    });
  });

  it("shows the server's sign-up error in a red alert", async () => {
    server.use(
      ...sessionHandlers({ client: demoFc, modules }),
      http.post('/api/register', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'E-mail adressen er allerede i brug',
            errors: { email: ['E-mail adressen er allerede i brug'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Fornavn'), 'Karen');
    await userEvent.type(screen.getByLabelText('Efternavn'), 'Kunde');
    await userEvent.type(screen.getByLabelText('E-mail'), 'kunde@tribune.test');
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'hemmelig1');
    await userEvent.type(screen.getByLabelText('Gentag adgangskode'), 'hemmelig1');
    await userEvent.click(screen.getByRole('button', { name: 'Opret bruger' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-mail adressen er allerede i brug',
    );
  });

  it('confirms that the reset mail was sent', async () => {
    server.use(
      ...sessionHandlers(),
      http.post('/api/forgot-password', () => HttpResponse.json({ success: true })),
    );
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'kunde@tribune.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('E-mail blev sendt med et link til at genskabe din adgangskode'),
    ).toBeInTheDocument();
  });

  it('sends the reset screen without a token to the login', async () => {
    server.use(...sessionHandlers());
    const { router } = renderApp('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('resets the password with the token and goes to the login', async () => {
    let body: unknown;
    server.use(
      ...sessionHandlers(),
      http.post('/api/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    const { router } = renderApp('/reset-password?token=abc');
    await userEvent.type(await screen.findByLabelText('Ny adgangskode'), 'ny-kode-1');
    await userEvent.type(screen.getByLabelText('Gentag adgangskode'), 'ny-kode-1');
    await userEvent.click(screen.getByRole('button', { name: 'Gem adgangskode' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({
      resetToken: 'abc',
      password: 'ny-kode-1',
      confirmPassword: 'ny-kode-1',
    });
    expect(
      await screen.findByText('Din adgangskode er ændret. Du kan nu logge ind.'),
    ).toBeInTheDocument();
  });

  it("says 'Adgangskoden kunne ikke genskabes' when the token is refused", async () => {
    server.use(
      ...sessionHandlers(),
      http.post('/api/reset-password', () =>
        HttpResponse.json(
          { success: false, error: 'Adgangskoden kunne ikke genskabes' },
          { status: 422 },
        ),
      ),
    );
    renderApp('/reset-password?token=brugt');
    await userEvent.type(await screen.findByLabelText('Ny adgangskode'), 'ny-kode-1');
    await userEvent.type(screen.getByLabelText('Gentag adgangskode'), 'ny-kode-1');
    await userEvent.click(screen.getByRole('button', { name: 'Gem adgangskode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Adgangskoden kunne ikke genskabes');
  });
});
