import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NewsletterForm } from '../../api/generated/newsletters';
import { fieldOf, filesOf, readMultipart, type MultipartPart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import {
  marketingSession,
  recipientCounts,
  recipientGroups,
  savedChoices,
  savedNewsletter,
} from './newsletterFixtures';

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The editor's calls; returns the parts of each save. */
function serveNewsletter() {
  const saves: MultipartPart[][] = [];
  const reads = { count: 0 };
  server.use(
    ...marketingSession(),
    emptyList('/api/newsletters'),
    http.get('/api/newsletters/n-1', () => {
      reads.count += 1;
      return HttpResponse.json({
        success: true,
        result: savedNewsletter({ version: 3 + reads.count - 1 }),
        data: savedChoices,
      });
    }),
    http.get('/api/newsletters/n-new', () =>
      HttpResponse.json({
        success: true,
        result: savedNewsletter({ id: 'n-new', name: 'Sommerbrev', version: 1 }),
        data: savedChoices,
      }),
    ),
    http.get('/api/newsletters/:id/recipients', () =>
      HttpResponse.json({ success: true, result: recipientGroups(), data: recipientCounts }),
    ),
    http.get('/api/newsletters/:id/progress', () =>
      HttpResponse.json({ success: true, result: null }),
    ),
    http.post('/api/newsletters/update', async ({ request }) => {
      const parts = await readMultipart(request);
      saves.push(parts);
      const data = JSON.parse(fieldOf(parts, 'data') ?? '{}') as NewsletterForm;
      return HttpResponse.json({ success: true, result: data.id ?? 'n-new' });
    }),
  );
  return { saves, reads };
}

function dataOf(parts: MultipartPart[] | undefined): NewsletterForm {
  return JSON.parse(fieldOf(parts ?? [], 'data') ?? '{}') as NewsletterForm;
}

describe('the newsletter editor', () => {
  it('needs Navn, E-mail emnefelt and Titel, then creates the newsletter and goes to it', async () => {
    const { saves } = serveNewsletter();
    const { router } = renderApp('/marketing/newsletters/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret nyhedsbrev' }),
    ).toBeInTheDocument();
    // A new newsletter has no recipients yet.
    expect(screen.queryByRole('region', { name: 'Modtagere' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('E-mail emnefelt skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(saves).toEqual([]);

    await userEvent.type(screen.getByLabelText('Navn'), 'Sommerbrev');
    await userEvent.type(screen.getByLabelText('E-mail emnefelt'), 'Sommer i Demo FC');
    await userEvent.type(screen.getByLabelText('Titel'), 'Sommerens kampe');
    // The club's templates with a name are the choices.
    await chooseOption('E-mail skabelon', 'Månedsbrev');
    await userEvent.type(screen.getByRole('textbox', { name: 'Beskrivelse' }), 'Vi ses');
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'top.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Billede'), picture);
    const program = new File(['%PDF-1.4'], 'program.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Vedhæft fil'), program);
    expect(screen.getByText('Højst 10000 KB.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

    expect(await screen.findByText('Nyhedsbrev blev oprettet!')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/marketing/newsletters/n-new'),
    );
    expect(saves).toHaveLength(1);
    expect(dataOf(saves[0])).toEqual({
      id: null,
      version: null,
      name: 'Sommerbrev',
      subject: 'Sommer i Demo FC',
      title: 'Sommerens kampe',
      emailTemplate: 'Månedsbrev',
      description: '<p>Vi ses</p>',
      picture: null,
      pictureBottom: null,
      fileAttachment: null,
      recipients: {
        companyIds: [],
        contactIds: [],
        productIds: [],
        orderProductIds: [],
        activeDate: null,
      },
    });
    expect(filesOf(saves[0] ?? [], 'pictureFile')).toEqual([
      expect.objectContaining({ filename: 'top.png', contentType: 'image/png' }),
    ]);
    expect(filesOf(saves[0] ?? [], 'attachmentFile')).toEqual([
      expect.objectContaining({ filename: 'program.pdf', contentType: 'application/pdf' }),
    ]);
    expect(filesOf(saves[0] ?? [], 'pictureBottomFile')).toEqual([]);
    // The saved newsletter, with its recipients card.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sommerbrev' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Modtagere' })).toBeInTheDocument();
  });

  it('saves a newsletter at the version it read, keeping or removing its files, and reads it again', async () => {
    const { saves, reads } = serveNewsletter();
    renderApp('/marketing/newsletters/n-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forårsbrev' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Navn')).toHaveValue('Forårsbrev');
    expect(screen.getByLabelText('E-mail emnefelt')).toHaveValue('Forår i Demo FC');
    expect(screen.getByLabelText('Titel')).toHaveValue('Nyt fra klubben');
    expect(screen.getByRole('textbox', { name: 'Beskrivelse' })).toHaveTextContent(
      'Sæsonen starter',
    );
    expect(screen.getByRole('img', { name: 'Billede: Billede' })).toHaveAttribute(
      'src',
      '/api/files/download/pic-1',
    );
    const attached = screen.getByRole('group', { name: 'Vedhæftet fil' });
    expect(within(attached).getByRole('link', { name: 'program.pdf' })).toHaveAttribute(
      'href',
      '/api/files/download/att-1',
    );

    await userEvent.clear(screen.getByLabelText('Titel'));
    await userEvent.type(screen.getByLabelText('Titel'), 'Forår på stadion');
    await userEvent.click(screen.getByRole('button', { name: 'Fjern Billede' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Nyhedsbrev blev gemt!')).toBeInTheDocument();
    expect(dataOf(saves[0])).toMatchObject({
      id: 'n-1',
      version: 3,
      title: 'Forår på stadion',
      picture: null,
      pictureBottom: null,
      fileAttachment: '/api/files/download/att-1',
      recipients: { orderProductIds: ['p-box'], companyIds: ['c-1'] },
    });
    expect(filesOf(saves[0] ?? [], 'pictureFile')).toEqual([]);
    await waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2));

    // The attachment removed: null goes to the server.
    await userEvent.click(screen.getByRole('button', { name: 'Fjern Vedhæft fil' }));
    expect(screen.queryByRole('group', { name: 'Vedhæftet fil' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(dataOf(saves[1])).toMatchObject({ id: 'n-1', version: 4, fileAttachment: null });
  });

  it("shows the server's refusal on its field, and a stale save's text", async () => {
    serveNewsletter();
    server.use(
      http.post('/api/newsletters/update', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Nyhedsbrevet kunne ikke gemmes',
            errors: {
              subject: ['E-mail emnefelt må højst være 200 tegn'],
              attachmentFile: ['Vedhæft fil må højst være 10000 KB'],
              description: ['Beskrivelse må højst være 200000 tegn'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/marketing/newsletters/n-1');
    await screen.findByRole('heading', { level: 1, name: 'Forårsbrev' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('E-mail emnefelt må højst være 200 tegn')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail emnefelt')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Vedhæft fil må højst være 10000 KB')).toBeInTheDocument();
    expect(screen.getByText('Beskrivelse må højst være 200000 tegn')).toBeInTheDocument();

    server.use(
      http.post('/api/newsletters/update', () =>
        HttpResponse.json(
          {
            success: false,
            error:
              'Nyhedsbrevet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.',
          },
          { status: 409 },
        ),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await screen.findByText(
        'Nyhedsbrevet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.',
      ),
    ).toBeInTheDocument();
    // What was typed stays.
    expect(screen.getByLabelText('Navn')).toHaveValue('Forårsbrev');
  });
});
