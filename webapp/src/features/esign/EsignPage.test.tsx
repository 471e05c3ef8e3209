import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';
import type { EsignInfo } from './types';

// jsdom draws no PDF and no canvas: the viewer reports three pages and shows the page number, and
// the pad is a canvas that counts as signed once clicked.
vi.mock('react-pdf', async () => {
  const { createElement, useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({
      file,
      onLoadSuccess,
      children,
    }: {
      file: string;
      onLoadSuccess: (pdf: { numPages: number }) => void;
      children: ReactNode;
    }) => {
      useEffect(() => onLoadSuccess({ numPages: 3 }), [file, onLoadSuccess]);
      return createElement('div', { 'data-testid': 'pdf', 'data-file': file }, children);
    },
    Page: ({ pageNumber }: { pageNumber: number }) =>
      createElement('p', null, `PDF-side ${pageNumber}`),
  };
});

vi.mock('react-signature-canvas', async () => {
  const { Component, createElement } = await import('react');
  class SignatureCanvas extends Component<{
    canvasProps?: Record<string, unknown>;
    onBegin?: () => void;
  }> {
    drawn = false;
    isEmpty() {
      return !this.drawn;
    }
    clear() {
      this.drawn = false;
    }
    toDataURL() {
      return 'data:image/png;base64,c2lnbmF0dXI=';
    }
    render() {
      return createElement('canvas', {
        ...this.props.canvasProps,
        onClick: () => {
          this.drawn = true;
          this.props.onBegin?.();
        },
      });
    }
  }
  return { default: SignatureCanvas };
});

const PDF = new Uint8Array([37, 80, 68, 70, 45]);

function info(extra: Partial<EsignInfo> = {}): EsignInfo {
  return {
    contractNumber: 1042,
    clubName: 'Demo FC',
    clubLogo: '/files/demo-fc-logo.png',
    companyName: 'Bageriet Grøn ApS',
    signerName: 'Anna Berg',
    signed: false,
    signedAt: null,
    ...extra,
  };
}

/** Anonymous visitor; the contract k-1 answers for 'old' (unsigned) and 'new' (signed). */
function serveEsign(sign?: () => Response) {
  const pdfTokens: string[] = [];
  const signed: { token: string | null; body: unknown }[] = [];
  server.use(
    ...sessionHandlers({}),
    http.get('/api/contracts/:id/esign', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token') ?? '';
      pdfTokens.push(token);
      if (token === 'old' || token === 'new') {
        return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } });
      }
      return HttpResponse.json(
        { success: false, error: 'Linket er udløbet. Bed klubben om et nyt.' },
        { status: 403 },
      );
    }),
    http.get('/api/contracts/:id/esign/info', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      if (token === 'new') {
        return HttpResponse.json({
          success: true,
          result: info({ signed: true, signedAt: '2026-03-01T10:15:00Z' }),
        });
      }
      if (token === 'old') return HttpResponse.json({ success: true, result: info() });
      return HttpResponse.json(
        { success: false, error: 'Linket er udløbet. Bed klubben om et nyt.' },
        { status: 403 },
      );
    }),
    http.post('/api/contracts/:id/esign', async ({ request }) => {
      signed.push({
        token: new URL(request.url).searchParams.get('token'),
        body: await request.json(),
      });
      return sign?.() ?? HttpResponse.json({ success: true, result: 'new' });
    }),
  );
  return { pdfTokens, signed };
}

beforeEach(() => {
  let made = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:pdf-${++made}`),
    revokeObjectURL: vi.fn(),
  });
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Underskriv aftalen' }));
  return screen.findByRole('dialog', { name: 'Underskriv aftalen' });
}

describe('the contract e-sign page', () => {
  it('shows the contract page by page for the token of the link', async () => {
    const { pdfTokens } = serveEsign();
    renderApp('/contracts/esign/k-1?token=old');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aftale #1042' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Demo FC · Bageriet Grøn ApS')).toBeInTheDocument();
    // The club's own header, not the public site's club chooser and login.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log ind' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vælg klub' })).not.toBeInTheDocument();
    expect(document.querySelector('.tb-esign-club')).toHaveTextContent('Demo FC');
    expect(screen.getByRole('link', { name: 'Hent PDF' })).toHaveAttribute(
      'download',
      'Aftale-1042.pdf',
    );
    expect(await screen.findByText('PDF-side 1')).toBeInTheDocument();
    expect(await screen.findByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forrige side' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Næste side' }));
    await userEvent.click(screen.getByRole('button', { name: 'Næste side' }));
    expect(screen.getByText('PDF-side 3')).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Næste side' })).toBeDisabled();
    expect(pdfTokens).toEqual(['old']);
  });

  it("refuses an empty pad with 'Underskrift er påkrævet!' and sends nothing", async () => {
    const { signed } = serveEsign();
    renderApp('/contracts/esign/k-1?token=old');
    const dialog = await openDialog();
    expect(within(dialog).getByText('Underskrevet af Anna Berg')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Underskriv' }));
    expect(await within(dialog).findByText('Underskrift er påkrævet!')).toBeInTheDocument();

    // 'Fortryd' empties the pad again: a signature drawn and undone is no signature.
    await userEvent.click(within(dialog).getByLabelText('Underskriftsfelt'));
    expect(within(dialog).queryByText('Underskrift er påkrævet!')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fortryd' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Underskriv' }));
    expect(await within(dialog).findByText('Underskrift er påkrævet!')).toBeInTheDocument();
    expect(signed).toEqual([]);
  });

  it('signs, replaces the token of the page and shows the signed copy', async () => {
    const { pdfTokens, signed } = serveEsign();
    const { router } = renderApp('/contracts/k-1/esign?token=old');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Underskriftsfelt'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Underskriv' }));

    expect(await screen.findByText('Aftale underskrevet!')).toBeInTheDocument();
    expect(signed).toEqual([
      { token: 'old', body: { signature: 'data:image/png;base64,c2lnbmF0dXI=' } },
    ]);
    expect(router.state.location.pathname).toBe('/contracts/k-1/esign');
    expect(router.state.location.search).toBe('?token=new');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Underskriv aftalen' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Underskriv aftalen' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('Aftalen er underskrevet 01-03-2026 kl. 11:15'),
    ).toBeInTheDocument();
    await waitFor(() => expect(pdfTokens).toEqual(['old', 'new']));
    await waitFor(() =>
      expect(screen.getByTestId('pdf')).toHaveAttribute('data-file', 'blob:pdf-2'),
    );
    // The signed copy can be kept: the download is the copy the page shows.
    const download = screen.getByRole('link', { name: 'Hent underskrevet PDF' });
    expect(download).toHaveAttribute('href', 'blob:pdf-2');
    expect(download).toHaveAttribute('download', 'Aftale-1042-underskrevet.pdf');
  });

  it("shows the server's reason in the dialog when the signing is refused", async () => {
    serveEsign(() =>
      HttpResponse.json(
        { success: false, error: 'Aftalen er allerede underskrevet' },
        { status: 409 },
      ),
    );
    renderApp('/contracts/esign/k-1?token=old');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByLabelText('Underskriftsfelt'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Underskriv' }));
    expect(await within(dialog).findByText('Aftalen er allerede underskrevet')).toBeInTheDocument();
    expect(screen.queryByText('Aftale underskrevet!')).not.toBeInTheDocument();
  });

  it('tells that the contract could not be loaded, with the server’s reason, for a stale token', async () => {
    serveEsign();
    renderApp('/contracts/esign/k-1?token=expired');
    expect(
      await screen.findByText(
        'Der opstod en fejl ved indlæsning af aftalen: Linket er udløbet. Bed klubben om et nyt.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Underskriv aftalen' })).not.toBeInTheDocument();
  });

  it('hides the sign button of a contract that is already signed', async () => {
    serveEsign();
    renderApp('/contracts/esign/k-1?token=new');
    expect(
      await screen.findByText('Aftalen er underskrevet 01-03-2026 kl. 11:15'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Underskriv aftalen' })).not.toBeInTheDocument();
  });
});
