import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import {
  annaBerg,
  newSubscriptionTemplate,
  savedSubscription,
  subscriptionLine,
  subscriptionsSession,
} from './subscriptionFixtures';
import type { Subscription } from './types';

const CONFLICT = 'Abonnementet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.';

interface Serve {
  /** What GET /api/subscriptions/s-1 answers, read on every call. */
  subscription?: () => Subscription;
  /** What POST /api/subscriptions/{path} answers; default success with 's-1'. */
  answers?: Record<string, () => Response>;
}

/** The subscription calls; returns the bodies POSTed per path and how often it was read. */
function serveSubscription({ subscription = () => savedSubscription(), answers = {} }: Serve = {}) {
  const posted: Record<string, unknown[]> = {};
  const reads = { count: 0 };
  const record = (path: string) =>
    http.post(`/api/subscriptions/${path}`, async ({ request }) => {
      const text = await request.text();
      (posted[path] ??= []).push(text ? JSON.parse(text) : null);
      const answer = answers[path];
      return answer ? answer() : HttpResponse.json({ success: true, result: 's-1' });
    });
  server.use(
    ...subscriptionsSession(),
    http.get('/api/subscriptions/new', () =>
      HttpResponse.json({ success: true, result: newSubscriptionTemplate() }),
    ),
    http.get('/api/subscriptions/s-1', () => {
      reads.count += 1;
      return HttpResponse.json({ success: true, result: subscription() });
    }),
    ...['update', 'approve', 'edit', 'cancel', 's-1/send-paymentlink'].map(record),
    http.delete('/api/subscriptions/s-1', () => {
      (posted.delete ??= []).push(null);
      return HttpResponse.json({ success: true });
    }),
    emptyList('/api/subscriptions'),
  );
  return { posted, reads };
}

async function openPage(
  path = '/orders/subscriptions/s-1',
  name: string | RegExp = /Abonnement #1001/,
) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name });
  return view;
}

/** Opens 'Handlinger' and returns the names of its items. */
async function openActions(): Promise<string[]> {
  await userEvent.click(await screen.findByRole('button', { name: 'Handlinger' }));
  await screen.findAllByRole('menuitem', { hidden: true });
  return screen
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent?.trim() ?? '');
}

async function chooseAction(name: string) {
  await openActions();
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

function totalsRow(name: string | RegExp) {
  return within(screen.getByRole('table', { name: 'Beløb' })).getByRole('row', { name });
}

describe('the subscription page', () => {
  it('shows a draft editable: fields, contact, lines, totals, payment and the saved tabs', async () => {
    serveSubscription();
    await openPage();
    expect(
      within(screen.getByRole('navigation', { name: 'Brødkrummer' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['', 'Ordrer', 'Abonnementer', 'Abonnement']);
    const heading = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(heading).getByText('Kladde')).toBeInTheDocument();
    for (const label of [
      'Sæson',
      'Ansvarlig',
      'Startdato',
      'Gentag hver (måneder)',
      'Binding (måneder)',
      'Ingen slutdato',
      'Forny automatisk',
      'Beskrivelse',
      'Intern note',
    ]) {
      expect(screen.getByLabelText(label), label).toBeEnabled();
    }
    // 'Ingen slutdato' is ticked: no end date to give.
    expect(screen.queryByLabelText('Slutdato')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Gentag hver (måneder)')).toHaveValue('1');
    expect(screen.getByLabelText('Binding (måneder)')).toHaveValue('6');
    expect(
      screen.getByRole('button', { name: 'Fjern kontaktpersonen Anna Berg' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anna Berg, anna@berg.test' })).toHaveAttribute(
      'href',
      '/contacts/k-1',
    );
    expect(screen.getByLabelText('Virksomhed')).toBeEnabled();
    const lines = screen.getByRole('table', { name: 'Produkter' });
    const fitness = within(lines).getByRole('row', { name: /Fitness/ });
    expect(fitness).toHaveTextContent('DKK 299,00');
    expect(within(fitness).getByRole('button', { name: 'Rediger Fitness' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tilføj produkt' })).toBeInTheDocument();
    expect(totalsRow(/Subtotal/)).toHaveTextContent('DKK 239,20');
    expect(totalsRow(/Moms/)).toHaveTextContent('DKK 59,80');
    expect(screen.getByLabelText('Total')).toHaveValue('299,00');
    const payment = screen.getByRole('region', { name: 'Betaling' });
    expect(payment).toHaveTextContent('Intet betalingskort endnu');
    expect(payment).toHaveTextContent('Bindingsperiode udløber01-07-2026');
    expect(payment).toHaveTextContent('Betalte perioder0');
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
    for (const tab of ['Abonnement', 'Fakturaer', 'Filer', 'Noter', 'Historik']) {
      expect(screen.getByRole('tab', { name: tab }), tab).toBeInTheDocument();
    }
  });

  it('shows an active subscription read-only with its card and payments', async () => {
    serveSubscription({
      subscription: () =>
        savedSubscription({
          status: 'approved',
          card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
          nextPayment: '2026-03-01',
          periodsPaid: 2,
        }),
    });
    await openPage();
    const heading = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(heading).getByText('Aktiv')).toBeInTheDocument();
    for (const label of ['Sæson', 'Startdato', 'Gentag hver (måneder)', 'Binding (måneder)']) {
      expect(screen.getByLabelText(label), label).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tilføj produkt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rediger Fitness' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Fjern kontaktpersonen Anna Berg' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Total')).not.toBeInTheDocument();
    expect(totalsRow(/Total/)).toHaveTextContent('DKK 299,00');
    const payment = screen.getByRole('region', { name: 'Betaling' });
    expect(within(payment).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(payment).toHaveTextContent('Næste betaling01-03-2026');
    expect(payment).toHaveTextContent('Betalte perioder2');
  });

  it.each([
    ['draft', ['Godkend', 'Send betalingslink', 'Slet kladde']],
    ['approved', ['Rediger abonnement', 'Annuller abonnement', 'Send betalingslink']],
    ['cancelled', ['Send betalingslink', 'Slet abonnement']],
  ] as const)('offers the actions of a %s subscription', async (status, actions) => {
    serveSubscription({ subscription: () => savedSubscription({ status }) });
    await openPage();
    expect(await openActions()).toEqual(actions);
  });

  it('strikes the title of a cancelled subscription through', async () => {
    serveSubscription({ subscription: () => savedSubscription({ status: 'cancelled' }) });
    await openPage();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByText('Abonnement #1001', { selector: 's' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
  });

  it('checks the form, then creates a subscription with a line and goes to it', async () => {
    const { posted } = serveSubscription();
    const { router } = await openPage('/orders/subscriptions/create', 'Opret kladde');
    expect(screen.queryByRole('tab', { name: 'Historik' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Handlinger' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Betaling' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Gentag hver (måneder)')).toHaveValue('1');

    await userEvent.clear(screen.getByLabelText('Gentag hver (måneder)'));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Gentag hver skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Binding skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Kontaktperson skal vælges')).toBeInTheDocument();
    expect(posted.update).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Gentag hver (måneder)'), '0');
    await userEvent.type(screen.getByLabelText('Binding (måneder)'), 'x');
    await userEvent.type(screen.getByLabelText('Startdato'), '2026-02-01');
    await userEvent.type(screen.getByLabelText('Slutdato'), '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Gentag hver skal være mindst 1 måned')).toBeInTheDocument();
    expect(screen.getByText('Binding (måneder) skal være et tal')).toBeInTheDocument();
    expect(screen.getByLabelText('Slutdato')).toHaveAccessibleDescription(
      'Slutdato skal være efter startdato',
    );

    await userEvent.clear(screen.getByLabelText('Gentag hver (måneder)'));
    await userEvent.type(screen.getByLabelText('Gentag hver (måneder)'), '3');
    await userEvent.clear(screen.getByLabelText('Binding (måneder)'));
    await userEvent.type(screen.getByLabelText('Binding (måneder)'), '12');
    await userEvent.click(screen.getByLabelText('Ingen slutdato'));
    await userEvent.click(screen.getByLabelText('Forny automatisk'));

    server.use(
      http.get('/api/contacts', () =>
        HttpResponse.json({ success: true, result: [{ ...annaBerg }] }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Kontaktperson'), 'anna');
    await userEvent.click(await screen.findByRole('option', { name: /Anna Berg/, hidden: true }));

    await userEvent.click(screen.getByRole('button', { name: 'Tilføj produkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj produkt' });
    await userEvent.type(within(dialog).getByLabelText('Titel'), 'Fitness');
    await userEvent.type(within(dialog).getByLabelText('Pris'), '299,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('table', { name: 'Produkter' })).getByRole('row', {
        name: /Fitness/,
      }),
    ).toHaveTextContent('DKK 299,00');
    expect(screen.getByLabelText('Total')).toHaveValue('299,00');
    expect(totalsRow(/Moms/)).toHaveTextContent('DKK 59,80');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Abonnement blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/subscriptions/s-1'));
    expect(posted.update).toHaveLength(1);
    const body = posted.update?.[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      id: null,
      version: 0,
      startDate: '2026-02-01',
      endDate: null,
      noEndDate: true,
      repeats: 3,
      commitment: 12,
      autoRenew: true,
      contactId: 'k-1',
      companyId: null,
      orderDiscount: 0,
      customer: { firstname: '', lastname: '', email: '', phone: '' },
      orderLines: [{ title: 'Fitness', price: 29_900, amount: 1, discount: 0 }],
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'version',
        'seasonId',
        'description',
        'internal',
        'startDate',
        'endDate',
        'noEndDate',
        'repeats',
        'commitment',
        'autoRenew',
        'orderLines',
        'orderDiscount',
        'ownerId',
        'companyId',
        'contactId',
        'customer',
      ].sort(),
    );
    expect((body.orderLines as object[])[0]).not.toHaveProperty('total');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnement #1001' }),
    ).toBeInTheDocument();
  });

  it("saves a subscription with 'Abonnement blev gemt!' and reads it again", async () => {
    const { posted, reads } = serveSubscription();
    await openPage();
    await userEvent.clear(screen.getByLabelText('Beskrivelse'));
    await userEvent.type(screen.getByLabelText('Beskrivelse'), 'Guld');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Abonnement blev gemt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({
      id: 's-1',
      version: 3,
      description: 'Guld',
      contactId: 'k-1',
      customer: { firstname: 'Anna', email: 'anna@berg.test' },
    });
    await waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's field messages on their fields", async () => {
    serveSubscription({
      subscription: () => savedSubscription({ noEndDate: false, endDate: '2026-12-31' }),
      answers: {
        update: () =>
          HttpResponse.json(
            {
              success: false,
              error: 'Kontaktpersonen findes ikke',
              errors: {
                repeats: ['Gentag hver må højst være 120 måneder'],
                commitment: ['Binding må højst være 120 måneder'],
                contactId: ['Kontaktpersonen findes ikke'],
                endDate: ['Slutdato skal være efter startdato'],
                'orderLines.0.title': ['Titel skal udfyldes'],
              },
            },
            { status: 422 },
          ),
      },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findAllByText('Kontaktpersonen findes ikke')).toHaveLength(2);
    expect(screen.getByLabelText('Gentag hver (måneder)')).toHaveAccessibleDescription(
      'Gentag hver må højst være 120 måneder',
    );
    expect(screen.getByLabelText('Binding (måneder)')).toHaveAccessibleDescription(
      'Binding må højst være 120 måneder',
    );
    expect(screen.getByLabelText('Slutdato')).toHaveAccessibleDescription(
      'Slutdato skal være efter startdato',
    );
    expect(screen.getByRole('list', { name: 'Fejl i produkterne' })).toHaveTextContent(
      'Fitness: Titel skal udfyldes',
    );
  });

  it("shows 'Der opstod en ukendt fejl!' when a save fails without a text", async () => {
    serveSubscription({
      answers: { update: () => HttpResponse.json({ success: false }, { status: 500 }) },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Der opstod en ukendt fejl!')).toBeInTheDocument();
  });

  it("shows a 409's text and the server's subscription again", async () => {
    let description = 'Fitness hele året';
    const { posted, reads } = serveSubscription({
      subscription: () => savedSubscription({ description }),
      answers: {
        update: () => {
          description = 'Ændret af Bente';
          return HttpResponse.json({ success: false, error: CONFLICT }, { status: 409 });
        },
      },
    });
    await openPage();
    await userEvent.clear(screen.getByLabelText('Beskrivelse'));
    await userEvent.type(screen.getByLabelText('Beskrivelse'), 'Mit');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Beskrivelse')).toHaveValue('Ændret af Bente'),
    );
    expect(reads.count).toBeGreaterThanOrEqual(2);
    expect(posted.update?.[0]).toMatchObject({ version: 3, description: 'Mit' });
  });

  it('checks the form and the start date before approving, saves changes, then approves', async () => {
    let version = 3;
    let status: Subscription['status'] = 'draft';
    let startDate: string | null = null;
    const { posted } = serveSubscription({
      subscription: () => savedSubscription({ version, status, startDate }),
      answers: {
        update: () => {
          version += 1;
          startDate = '2026-02-01';
          return HttpResponse.json({ success: true, result: 's-1' });
        },
        approve: () => {
          status = 'approved';
          version += 1;
          return HttpResponse.json({ success: true, result: 's-1' });
        },
      },
    });
    await openPage();
    await chooseAction('Godkend');
    expect(await screen.findByText('Startdato skal udfyldes')).toBeInTheDocument();
    expect(posted.approve).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Startdato'), '2026-02-01');
    await chooseAction('Godkend');
    expect(await screen.findByText('Abonnement blev godkendt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({ version: 3, startDate: '2026-02-01' });
    expect(posted.approve).toEqual([{ id: 's-1', version: 4 }]);
    await waitFor(() => expect(screen.getByLabelText('Startdato')).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an approval as an error", async () => {
    serveSubscription({
      answers: {
        approve: () =>
          HttpResponse.json(
            {
              success: false,
              error: 'Abonnementet skal have mindst ét produkt for at kunne godkendes',
            },
            { status: 422 },
          ),
      },
    });
    await openPage();
    await chooseAction('Godkend');
    expect(
      await screen.findByText('Abonnementet skal have mindst ét produkt for at kunne godkendes'),
    ).toBeInTheDocument();
  });

  it("makes an active subscription editable: 'Abonnement kan nu redigeres.'", async () => {
    const { posted } = serveSubscription({
      subscription: () => savedSubscription({ status: 'approved' }),
    });
    await openPage();
    await chooseAction('Rediger abonnement');
    expect(await screen.findByText('Abonnement kan nu redigeres.')).toBeInTheDocument();
    expect(posted.edit).toEqual([{ id: 's-1', version: 3 }]);
  });

  it('cancels an active subscription after the confirmation', async () => {
    const { posted } = serveSubscription({
      subscription: () => savedSubscription({ status: 'approved' }),
    });
    await openPage();
    await chooseAction('Annuller abonnement');
    expect(
      await screen.findByText('Er du sikker på at du vil annullere dette abonnement?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Abonnement blev annulleret!')).toBeInTheDocument();
    expect(posted.cancel).toEqual([{ id: 's-1', version: 3 }]);
  });

  it('deletes a draft after the confirmation and goes to the list', async () => {
    const { posted } = serveSubscription();
    const { router } = await openPage();
    await chooseAction('Slet kladde');
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette abonnement?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Abonnement blev slettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/subscriptions'));
    expect(posted.delete).toHaveLength(1);
  });

  it('keeps a draft when the deletion is not confirmed', async () => {
    const { posted } = serveSubscription();
    await openPage();
    await chooseAction('Slet kladde');
    await userEvent.click(await screen.findByRole('button', { name: 'Fortryd' }));
    expect(posted.delete).toBeUndefined();
  });

  it("sends the payment link, or shows the server's refusal", async () => {
    let refuse = false;
    const { posted } = serveSubscription({
      answers: {
        's-1/send-paymentlink': () =>
          refuse
            ? HttpResponse.json(
                { success: false, error: 'Abonnementet har ingen e-mail' },
                { status: 422 },
              )
            : HttpResponse.json({ success: true }),
      },
    });
    await openPage();
    await chooseAction('Send betalingslink');
    expect(await screen.findByText('Betalingslink blev sendt.')).toBeInTheDocument();
    expect(posted['s-1/send-paymentlink']).toHaveLength(1);
    refuse = true;
    await chooseAction('Send betalingslink');
    expect(await screen.findByText('Abonnementet har ingen e-mail')).toBeInTheDocument();
  });

  it('warns about a failed charge, and says when no more attempts are made', async () => {
    let finalAttempt = false;
    serveSubscription({
      subscription: () =>
        savedSubscription({
          status: 'approved',
          chargeProblem: {
            period: '2026-03-01',
            attempt: 2,
            reason: 'Kortet blev afvist',
            finalAttempt,
          },
        }),
    });
    await openPage();
    expect(
      screen.getByText(
        'Betalingen for perioden 01-03-2026 mislykkedes (Kortet blev afvist). Forsøg 2',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Ingen flere forsøg: kunden skal betale med et nyt kort.'),
    ).not.toBeInTheDocument();

    finalAttempt = true;
    serveSubscription({
      subscription: () =>
        savedSubscription({
          status: 'approved',
          chargeProblem: {
            period: '2026-03-01',
            attempt: 4,
            reason: 'Kortet blev afvist',
            finalAttempt,
          },
        }),
    });
    await chooseAction('Send betalingslink');
    expect(
      await screen.findByText('Ingen flere forsøg: kunden skal betale med et nyt kort.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Betalingen for perioden 01-03-2026 mislykkedes (Kortet blev afvist). Forsøg 4',
      ),
    ).toBeInTheDocument();
  });

  it('edits a line in the line dialog', async () => {
    serveSubscription({
      subscription: () =>
        savedSubscription({ orderLines: [subscriptionLine({ title: 'Fitness', amount: 1 })] }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Rediger Fitness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger produkt' });
    await userEvent.clear(within(dialog).getByLabelText('Antal'));
    await userEvent.type(within(dialog).getByLabelText('Antal'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('table', { name: 'Produkter' })).getByRole('row', {
        name: /Fitness/,
      }),
    ).toHaveTextContent('DKK 598,00');
    expect(screen.getByLabelText('Total')).toHaveValue('598,00');
  });

  it('shows its history with the Danish names, and the subscription as of an event', async () => {
    serveSubscription();
    const entry = (sequence: number, eventType: string, changes: unknown[]) => ({
      sequence,
      eventType,
      eventVersion: '1',
      recordedAt: '2026-01-05T10:00:00Z',
      userId: 'u2',
      userName: 'Sofie Staff',
      impersonatorName: null,
      reason: null,
      changes,
    });
    server.use(
      http.get('/api/history/subscription/s-1/names', () =>
        HttpResponse.json({ success: true, result: {} }),
      ),
      http.get('/api/history/subscription/s-1', () =>
        HttpResponse.json({
          success: true,
          result: [
            entry(1, 'Created', []),
            entry(2, 'Updated', [{ field: 'repeats', old: 1, new: 3 }]),
            entry(3, 'ChargeFailed', [{ field: 'reason', old: null, new: 'Kortet blev afvist' }]),
          ],
        }),
      ),
      http.get('/api/history/subscription/s-1/at/2', () =>
        HttpResponse.json({
          success: true,
          result: savedSubscription({ status: 'approved', repeats: 3 }),
        }),
      ),
    );
    await openPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Historik' }));
    const history = await screen.findByRole('table', { name: 'Historik' });
    expect(await within(history).findByRole('row', { name: /#1/ })).toHaveTextContent(
      'Abonnement oprettet',
    );
    const updated = within(history).getByRole('row', { name: /#2/ });
    expect(updated).toHaveTextContent('Abonnement ændret');
    expect(updated).toHaveTextContent('Gentag hver (måneder): 1 → 3');
    expect(within(history).getByRole('row', { name: /#3/ })).toHaveTextContent(
      'Betaling mislykkedes',
    );
    await userEvent.click(within(updated).getByRole('button', { name: /Vis/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnementet efter hændelse #2' });
    expect(await within(dialog).findByText('Aktiv')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Fitness/ })).toHaveTextContent('DKK 299,00');
  });

  it('goes back to the list when the subscription cannot be loaded', async () => {
    server.use(
      ...subscriptionsSession(),
      http.get('/api/subscriptions/s-9', () =>
        HttpResponse.json({ success: false, error: 'Abonnementet findes ikke' }, { status: 404 }),
      ),
      emptyList('/api/subscriptions'),
    );
    const { router } = renderApp('/orders/subscriptions/s-9');
    expect(await screen.findByText('Abonnementet findes ikke')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/subscriptions'));
    await screen.findByRole('table', { name: 'Abonnementer' });
  });
});

/** An active subscription that ends on `endDate`. */
const activeUntil = (endDate: string, extra: Parameters<typeof savedSubscription>[0] = {}) =>
  savedSubscription({ status: 'approved', noEndDate: false, endDate, ...extra });

describe('auto-renew on the subscription page', () => {
  it('shows that an active subscription renews by itself, to which end date, and the notice', async () => {
    serveSubscription({
      subscription: () =>
        activeUntil('2026-12-31', {
          autoRenew: true,
          renewsTo: '2027-12-31',
          renewalNoticed: true,
        }),
    });
    await openPage();
    const payment = screen.getByRole('region', { name: 'Betaling' });
    expect(payment).toHaveTextContent(
      'FornyelseFornyes automatisk efter 31-12-2026; ny slutdato 31-12-2027',
    );
    expect(payment).toHaveTextContent('Kunden er varslet om fornyelsen');
  });

  it.each([
    ['2099-12-31', 'Slutter 31-12-2099'],
    ['2020-01-31', 'Sluttede 31-01-2020'],
  ])('shows that one without auto-renew stops at its end date %s', async (endDate, text) => {
    serveSubscription({
      subscription: () => activeUntil(endDate, { autoRenew: false }),
    });
    await openPage();
    const payment = screen.getByRole('region', { name: 'Betaling' });
    expect(payment).toHaveTextContent(`Fornyelse${text}`);
    expect(payment).not.toHaveTextContent('Fornyes automatisk');
  });

  it('says nothing of renewal without an end date', async () => {
    serveSubscription({ subscription: () => savedSubscription({ autoRenew: true }) });
    await openPage();
    expect(screen.getByRole('region', { name: 'Betaling' })).not.toHaveTextContent('Fornyelse');
  });

  it('shows the notice and the renewal in the history', async () => {
    serveSubscription();
    const entry = (sequence: number, eventType: string, changes: unknown[]) => ({
      sequence,
      eventType,
      eventVersion: '1',
      recordedAt: '2026-12-01T10:00:00Z',
      userId: null,
      userName: 'Automatisk fornyelse',
      impersonatorName: null,
      reason: null,
      changes,
    });
    server.use(
      http.get('/api/history/subscription/s-1/names', () =>
        HttpResponse.json({ success: true, result: {} }),
      ),
      http.get('/api/history/subscription/s-1', () =>
        HttpResponse.json({
          success: true,
          result: [
            entry(4, 'RenewalNoticeSent', [
              { field: 'renewalNoticedFor', old: null, new: '2026-12-31' },
            ]),
            entry(5, 'Renewed', [
              { field: 'content.endDate', old: '2026-12-31', new: '2027-12-31' },
              { field: 'renewedFrom', old: null, new: '2027-01-01' },
            ]),
          ],
        }),
      ),
    );
    await openPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Historik' }));
    const history = await screen.findByRole('table', { name: 'Historik' });
    const noticed = await within(history).findByRole('row', { name: /#4/ });
    expect(noticed).toHaveTextContent('Varsel om fornyelse sendt');
    expect(noticed).toHaveTextContent('Varslet om slutdato');
    const renewed = within(history).getByRole('row', { name: /#5/ });
    expect(renewed).toHaveTextContent('Fornyet');
    expect(renewed).toHaveTextContent('Slutdato');
    expect(renewed).toHaveTextContent('Ny periode fra');
  });
});
