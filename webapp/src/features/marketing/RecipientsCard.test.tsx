import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NewsletterSelection, SendProgress } from '../../api/generated/newsletters';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import {
  marketingSession,
  recipientCounts,
  recipientGroups,
  savedChoices,
  savedNewsletter,
} from './newsletterFixtures';

interface Sent {
  query: Record<string, string>;
  body: unknown;
}

async function sentWith(request: Request): Promise<Sent> {
  return {
    query: Object.fromEntries(new URL(request.url).searchParams),
    body: await request.json(),
  };
}

function progress(extra: Partial<SendProgress> = {}): SendProgress {
  return {
    sendId: 's-1',
    force: false,
    startedAt: '2026-03-02T09:00:00Z',
    total: 4,
    done: 2,
    sent: 2,
    skipped: 0,
    pendingBatches: 1,
    failedBatches: 0,
    error: null,
    ...extra,
  };
}

/** 'Forårsbrev' (n-1) with its recipients; returns what each call was sent. */
function serveRecipients({ sendProgress = () => null as SendProgress | null } = {}) {
  const created: Sent[] = [];
  const sent: Sent[] = [];
  const deleted: unknown[] = [];
  const reads = { recipients: 0, progress: 0 };
  server.use(
    ...marketingSession(),
    emptyList('/api/newsletters'),
    http.get('/api/newsletters/n-1', () =>
      HttpResponse.json({ success: true, result: savedNewsletter(), data: savedChoices }),
    ),
    http.get('/api/newsletters/n-1/recipients', () => {
      reads.recipients += 1;
      return HttpResponse.json({ success: true, result: recipientGroups(), data: recipientCounts });
    }),
    http.get('/api/newsletters/n-1/progress', () => {
      reads.progress += 1;
      return HttpResponse.json({ success: true, result: sendProgress() });
    }),
    http.post('/api/newsletters/n-1/create-recipients', async ({ request }) => {
      created.push(await sentWith(request));
      return HttpResponse.json({ success: true, result: { created: 3, skipped: 1 } });
    }),
    http.post('/api/newsletters/n-1/send-newsletters', async ({ request }) => {
      const call = await sentWith(request);
      sent.push(call);
      const ids = call.body as string[];
      return HttpResponse.json({
        success: true,
        result: { sendId: 's-2', queued: ids.length || 3, skipped: ids.length ? 0 : 1, batches: 1 },
      });
    }),
    http.post('/api/newsletters/n-1/delete-recipients', async ({ request }) => {
      const ids = (await request.json()) as string[];
      deleted.push(ids);
      return HttpResponse.json({ success: true, result: { deleted: ids.length } });
    }),
  );
  return { created, sent, deleted, reads };
}

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(field: HTMLElement, option: string) {
  field.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openCard(): Promise<HTMLElement> {
  renderApp('/marketing/newsletters/n-1');
  return screen.findByRole('region', { name: 'Modtagere' });
}

/** Expands a company's row and returns the table of its contacts. */
async function expandGroup(name: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: `Vis kontakter for ${name}` }));
  return screen.findByRole('table', { name });
}

function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim() ?? ''),
    );
}

async function chooseAction(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Handlinger' }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

describe('the recipients card', () => {
  it('lists the recipients by company, each expanded to its contacts with Sendt Ja or Nej', async () => {
    serveRecipients();
    const card = await openCard();
    const figures = await within(card).findByLabelText('Antal modtagere');
    expect(figures).toHaveTextContent('Modtagere4');
    expect(figures).toHaveTextContent('Sendt1');
    expect(figures).toHaveTextContent('Uden e-mail1');
    expect(figures).toHaveTextContent('Afmeldt1');

    const groups = within(card).getByRole('table', { name: 'Modtagere efter virksomhed' });
    const rows = within(groups).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Bageriet ApS',
      'Uden virksomhed',
    ]);
    expect(rows[0]).toHaveTextContent('1 af 2');
    expect(screen.queryByRole('table', { name: 'Bageriet ApS' })).not.toBeInTheDocument();

    const bakery = await expandGroup('Bageriet ApS');
    expect(
      screen.getByRole('button', { name: 'Skjul kontakter for Bageriet ApS' }),
    ).toHaveAttribute('aria-expanded', 'true');
    const [karen, kurt] = cellsOf(bakery);
    expect(karen?.slice(0, 2)).toEqual(['Karen Kunde', 'karen@bageriet.dk']);
    expect(karen?.[2]).toMatch(/^Ja/);
    expect(kurt?.slice(0, 4)).toEqual(['Kurt Bager', 'kurt@bageriet.dk', 'Nej', 'Afmeldt']);

    const others = await expandGroup('Uden virksomhed');
    expect(cellsOf(others).map((cells) => cells.slice(0, 4))).toEqual([
      ['Ole Olsen', '', 'Nej', 'Ingen e-mail'],
      ['Sofie Sørensen', 'sofie@example.dk', 'Nej', ''],
    ]);
    // Those the newsletter cannot reach have no 'Send'.
    expect(screen.getByRole('button', { name: 'Send til Ole Olsen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send til Kurt Bager' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send til Sofie Sørensen' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Skjul kontakter for Bageriet ApS' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Bageriet ApS' })).not.toBeInTheDocument(),
    );
  });

  it("creates recipients of the form's selection: all, all active or the selected", async () => {
    const { created, reads } = serveRecipients();
    const card = await openCard();
    // The saved selection shows by name.
    expect(await within(card).findByText('Logepakke')).toBeInTheDocument();
    expect(
      within(card).getByText('Bageriet ApS', { selector: '.p-multiselect-token-label' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(reads.recipients).toBe(1));

    await chooseOption(
      within(card).getByLabelText('Kontakter'),
      'Sofie Sørensen (sofie@example.dk)',
    );
    await userEvent.keyboard('{Escape}');
    await chooseOption(within(card).getByLabelText('Aftaleprodukter'), 'Sæsonkort');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(within(card).getByLabelText('Aktiv dato'), '2026-05-01');
    await userEvent.click(within(card).getByRole('button', { name: 'Opret valgte' }));
    expect(await screen.findByText('Modtagere blev oprettet!')).toBeInTheDocument();
    expect(screen.getByText('3 oprettet, 1 sprunget over')).toBeInTheDocument();
    const selection: NewsletterSelection = {
      productIds: ['p-season'],
      orderProductIds: ['p-box'],
      companyIds: ['c-1'],
      contactIds: ['ct-9'],
      activeDate: '2026-05-01',
    };
    expect(created).toEqual([{ query: {}, body: selection }]);
    // The recipients are read again.
    await waitFor(() => expect(reads.recipients).toBe(2));

    await userEvent.click(within(card).getByRole('button', { name: 'Opret alle' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]).toEqual({ query: { allCompanies: 'true' }, body: selection });

    await userEvent.click(within(card).getByRole('button', { name: 'Opret alle aktive' }));
    await waitFor(() => expect(created).toHaveLength(3));
    expect(created[2]).toEqual({ query: { allActive: 'true' }, body: selection });
  });

  it('sends to all, again to all after a confirmation, to a company and to a contact', async () => {
    const { sent } = serveRecipients();
    await openCard();
    await screen.findByRole('table', { name: 'Modtagere efter virksomhed' });

    await chooseAction('Send alle');
    expect(
      await screen.findByText('Nyhedsbrevet sendes til 3 modtagere, 1 sprunget over'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ query: {}, body: [] }]);

    await chooseAction('Send alle igen');
    expect(
      await screen.findByText(
        'Er du sikker på at du vil sende nyhedsbrevet igen til alle modtagere?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ query: { force: 'true' }, body: [] });

    // A company's and a contact's send go to them on purpose, also when they got it.
    await userEvent.click(screen.getByRole('button', { name: 'Send til Bageriet ApS' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ query: { force: 'true' }, body: ['r-1', 'r-2'] });
    await expandGroup('Bageriet ApS');
    await userEvent.click(screen.getByRole('button', { name: 'Send til Karen Kunde' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toEqual({ query: { force: 'true' }, body: ['r-1'] });
    expect(await screen.findByText('Nyhedsbrevet sendes til 1 modtager')).toBeInTheDocument();
  });

  it('deletes a contact, a company and all recipients, each after a confirmation', async () => {
    const { deleted } = serveRecipients();
    await openCard();
    await expandGroup('Uden virksomhed');

    await userEvent.click(screen.getByRole('button', { name: 'Slet Sofie Sørensen som modtager' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne modtager?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Modtagere blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual([['r-4']]);

    await userEvent.click(screen.getByRole('button', { name: 'Slet modtagerne i Bageriet ApS' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette modtagerne i Bageriet ApS?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(deleted).toHaveLength(2));
    expect(deleted[1]).toEqual(['r-1', 'r-2']);

    await chooseAction('Slet modtagere');
    expect(
      await screen.findByText('Er du sikker på at du vil slette alle modtagere?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(deleted).toHaveLength(3));
    expect(deleted[2]).toEqual(['r-1', 'r-2', 'r-3', 'r-4']);
  });

  it("follows a running send every second: 'Sendt 2 af 4', then its final figures", async () => {
    let answer = progress();
    const { reads } = serveRecipients({ sendProgress: () => answer });
    const card = await openCard();
    const bar = await within(card).findByRole('progressbar', { name: 'Sendt 2 af 4' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(card).getByText(/Sendt 2 af 4/, { selector: 'p' })).toHaveTextContent(
      'Nyhedsbrevet sendes …',
    );
    const readsBefore = reads.recipients;

    answer = progress({ done: 4, sent: 3, skipped: 1, pendingBatches: 0 });
    const finished = await within(card).findByRole(
      'progressbar',
      { name: 'Sendt 4 af 4' },
      { timeout: 4000 },
    );
    expect(finished).toHaveAttribute('aria-valuenow', '100');
    expect(finished).toHaveTextContent('100 %');
    expect(
      within(card).getByText(/Udsendelsen er færdig: 3 sendt, 1 sprunget over\./),
    ).toBeInTheDocument();
    // The finished send's recipients are read again, and the polling stops.
    await waitFor(() => expect(reads.recipients).toBeGreaterThan(readsBefore));
    const polled = reads.progress;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reads.progress).toBe(polled);
  });

  it('tells when batches of a send gave up', async () => {
    serveRecipients({
      sendProgress: () =>
        progress({
          done: 2,
          pendingBatches: 0,
          failedBatches: 1,
          error: 'SMTP: 554 afvist',
        }),
    });
    const card = await openCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      '1 parti kunne ikke sendes. Fejl: SMTP: 554 afvist',
    );
    expect(
      within(card).getByText(/Udsendelsen stoppede: 2 sendt, 0 sprunget over\./),
    ).toBeInTheDocument();
  });
});
