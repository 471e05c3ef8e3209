import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, clubs, demoFc, modules, staffUser } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { changeLanguage } from './i18n';
import { emptyList, server, sessionHandlers } from '../test/server';

describe('start-up and the public layout', () => {
  it('shows the preloader, then the public site of a visitor without a club', async () => {
    server.use(...sessionHandlers());
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Indlæser');
    expect(await screen.findByRole('button', { name: 'Vælg klub' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log ind' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Opret bruger' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Handelsbetingelser' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Abonnementsbetingelser' })).toHaveAttribute(
      'href',
      '/subscription-terms',
    );
  });

  it('treats failing start-up calls as an anonymous public visit', async () => {
    server.use(
      http.get('/api/app', () => HttpResponse.error()),
      http.get('/api/user', () => HttpResponse.error()),
      http.get('/api/app/client', () => HttpResponse.error()),
      http.get('/api/app/modules', () => HttpResponse.error()),
      http.get('/public/app/clients', () => HttpResponse.json({ success: true, result: clubs })),
    );
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log ind' })).toBeInTheDocument();
  });

  it("shows the club's name, footer and event sections to an anonymous visitor", async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demo FC' })).toHaveAttribute('href', '/');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Stadionvej 1');
    expect(footer).toHaveTextContent('8000 Aarhus C');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Demo FC`);
    expect(screen.getByRole('heading', { name: 'Fremhævede arrangementer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kommende arrangementer' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('Der er pt. ingen kommende arrangementer.')).toHaveLength(2),
    );
  });

  it('shows event cards with start time, and no events without the events module', async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    server.use(
      http.get('/public/events', ({ request }) =>
        HttpResponse.json({
          success: true,
          result: new URL(request.url).searchParams.get('promoted')
            ? [
                {
                  id: 'e1',
                  title: 'Derby',
                  description: 'Sæsonens største kamp',
                  location: 'Stadion',
                  startDate: '2025-06-05T17:30:00Z',
                  banner: null,
                  url: 'derby',
                  cancelled: false,
                },
              ]
            : [],
        }),
      ),
    );
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'Derby' });
    expect(card).toHaveTextContent('tors. 5. jun. 2025 kl. 19:30');
    expect(card).toHaveTextContent('Stadion');
    expect(within(card).getByRole('link', { name: 'Se mere: Derby' })).toHaveAttribute(
      'href',
      '/events/derby',
    );
  });

  it('has no event sections when the club lacks the events module', async () => {
    server.use(
      ...sessionHandlers({
        client: demoFc,
        modules: modules.filter((module) => module.alias !== 'events'),
      }),
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Demo FC' });
    expect(
      screen.queryByRole('heading', { name: 'Fremhævede arrangementer' }),
    ).not.toBeInTheDocument();
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    server.use(...sessionHandlers());
    renderApp('/findes-ikke');
    expect(
      await screen.findByRole('heading', { name: 'Oops. This Page Not Found.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
  });

  it('renders the terms HTML of the club, sanitised', async () => {
    server.use(
      ...sessionHandlers({ client: demoFc, modules }),
      http.get(
        '/public/webshop/terms',
        () =>
          new HttpResponse(
            '<h2>Køb</h2><p>Betaling sker ved bestilling.</p><script>alert(1)</script>',
            {
              headers: { 'Content-Type': 'text/html' },
            },
          ),
      ),
    );
    const { container } = renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Køb' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Handelsbetingelser' }),
    ).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('the back office', () => {
  it("shows the staff member the club's modules, breadcrumbs and user menu", async () => {
    server.use(
      ...sessionHandlers({ user: staffUser, clients: clubs.slice(0, 1), client: demoFc, modules }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Moduler' });
    expect(within(sidebar).getByRole('link', { name: 'Virksomheder' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Virksomheder', 'Kontakter', 'Arrangementer']);
    expect(screen.getByRole('navigation', { name: 'Brødkrummer' })).toBeInTheDocument();
    // One club: no switcher. Not admin: no settings link.
    expect(screen.queryByRole('button', { name: /Skift klub/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Indstillinger' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Brugermenu: Sofie Staff' }));
    // jsdom cannot measure PrimeReact's positioned overlay, so it stays display:none here.
    expect(
      await screen.findByRole('menuitem', { name: 'Profil', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log ud', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('staff@tribune.test')).toBeInTheDocument();
  });

  it('names the modules in English when English is chosen (issue 37)', async () => {
    server.use(
      ...sessionHandlers({ user: staffUser, clients: clubs.slice(0, 1), client: demoFc, modules }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();
    try {
      // The texts load and the language changes inside act: no update lands outside it.
      await act(() => changeLanguage('en'));
      expect(i18next.language).toBe('en');
      const sidebar = await screen.findByRole('navigation', { name: 'Modules' });
      await waitFor(() =>
        expect(
          within(sidebar)
            .getAllByRole('link')
            .map((link) => link.textContent),
        ).toEqual(['Dashboard', 'Companies', 'Contacts', 'Events']),
      );
    } finally {
      await act(() => changeLanguage('da'));
      expect(i18next.language).toBe('da');
    }
  });

  it('remembers dark mode and the sidebar state in the browser', async () => {
    server.use(
      ...sessionHandlers({ user: staffUser, clients: clubs.slice(0, 1), client: demoFc, modules }),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Mørk tilstand' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('tribune.darkMode')).toBe('true');
    expect(screen.getByRole('button', { name: 'Lys tilstand' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Skjul menu' }));
    expect(localStorage.getItem('tribune.sidebarOpen')).toBe('false');
    expect(screen.getByRole('button', { name: 'Vis menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('starts in dark mode when the browser remembers it', async () => {
    localStorage.setItem('tribune.darkMode', 'true');
    server.use(
      ...sessionHandlers({ user: staffUser, clients: clubs.slice(0, 1), client: demoFc, modules }),
    );
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Lys tilstand' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('gives an admin with two clubs the club switcher and the settings link', async () => {
    server.use(
      ...sessionHandlers({ user: adminUser, clients: clubs, client: demoFc, modules }),
      // An admin reads every module: home shows the companies' leads to follow up.
      emptyList('/api/dashboard/leads-followup'),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Skift klub: Demo FC' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Demo Håndbold', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Indstillinger' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('shows who an admin is impersonating and the way back', async () => {
    server.use(
      ...sessionHandlers({
        user: { ...staffUser, impersonator: { id: 'u1', name: 'Anna Admin' } },
        clients: clubs.slice(0, 1),
        client: demoFc,
        modules,
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Du er logget ind som Sofie Staff')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilbage til Anna Admin' })).toBeInTheDocument();
  });

  it('sends a module route the club lacks back to where the user was', async () => {
    server.use(
      ...sessionHandlers({
        user: staffUser,
        clients: clubs.slice(0, 1),
        client: demoFc,
        modules: modules.filter((module) => module.alias !== 'events'),
      }),
      emptyList('/api/contacts'),
    );
    const { router } = renderApp('/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakter' })).toBeInTheDocument();
    await router.navigate('/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });
});
