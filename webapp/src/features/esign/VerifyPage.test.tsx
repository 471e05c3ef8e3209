import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

const pdf = () =>
  new File(['%PDF-1.7 kopi'], 'Aftale-12-underskrevet.pdf', { type: 'application/pdf' });

beforeEach(() => {
  server.use(...sessionHandlers({}));
});

describe('Kontroller en aftale', () => {
  it('sends the chosen PDF and says it is genuine, with its fingerprint', async () => {
    let sentAs: string | null = null;
    server.use(
      http.post('/api/public/contracts/verify', ({ request }) => {
        sentAs = request.headers.get('content-type');
        return HttpResponse.json({
          success: true,
          result: {
            genuine: true,
            sha256: 'ab12',
            kind: 'signed',
            contractNumber: 12,
            signedAt: '2026-11-24T10:00:00Z',
            message: 'Dokumentet er den underskrevne Aftale #12, uændret.',
          },
        });
      }),
    );
    renderApp('/contracts/verify');
    const button = await screen.findByRole('button', { name: 'Kontroller' });
    expect(button).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Aftale (PDF)'), pdf());
    await userEvent.click(button);
    expect(
      await screen.findByText(
        'Ægte og uændret. Dokumentet er den underskrevne Aftale #12, uændret.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('ab12')).toBeInTheDocument();
    expect(sentAs).toMatch(/^multipart\/form-data/);
  });

  it('says when a file matches nothing', async () => {
    server.use(
      http.post('/api/public/contracts/verify', () =>
        HttpResponse.json({
          success: true,
          result: {
            genuine: false,
            sha256: 'ff00',
            kind: null,
            contractNumber: null,
            signedAt: null,
            message: 'Dokumentet svarer ikke til nogen aftale.',
          },
        }),
      ),
    );
    renderApp('/contracts/verify');
    await userEvent.upload(await screen.findByLabelText('Aftale (PDF)'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Kontroller' }));
    expect(
      await screen.findByText('Ikke genkendt. Dokumentet svarer ikke til nogen aftale.'),
    ).toBeInTheDocument();
  });
});
