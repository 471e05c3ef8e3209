import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { POLL_LIMIT_MS, POLL_MS } from './ConfirmationPage';
import { confirmedOrder, ORDER_ID, ORDER_TOKEN, serveShop } from './shopFixtures';
import { findToasts } from '../../test/toasts';

const CONFIRMATION = `/shop/confirmation/${ORDER_ID}?token=${ORDER_TOKEN}`;
const STILL_WAITING =
  'Betalingen er ikke bekræftet endnu. Genindlæs siden om lidt for at se, om den er gået igennem.';

/** The totals as 'Subtotal (ekskl. moms) 1.158,40 kr. Moms … Total …' (plain spaces). */
function totalsText() {
  const table = screen.getByRole('table', { name: 'Beløb' });
  return Array.from(table.querySelectorAll('tr'))
    .map((row) => Array.from(row.cells, (cell) => cell.textContent).join(' '))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe("a web shop order's confirmation", () => {
  it('thanks for the order and shows the contact, the card, the lines with seats and the VAT', async () => {
    const calls = serveShop({ orders: [confirmedOrder()] });
    const { container } = renderApp(CONFIRMATION);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordrebekræftelse' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tak for din ordre!' })).toBeVisible();
    expect(screen.getByText('Ordren er modtaget. Dit ordrenummer er 1042.')).toBeInTheDocument();
    expect(calls.orderReads).toEqual([{ id: ORDER_ID, token: ORDER_TOKEN }]);

    // The club's message and the description, as sanitised HTML.
    expect(screen.getByText('stadion').tagName).toBe('STRONG');
    expect(screen.getByText('kontoret').tagName).toBe('EM');
    expect(container.querySelector('script')).toBeNull();

    const contact = screen.getByRole('region', { name: 'Kontaktoplysninger' });
    expect(contact).toHaveTextContent('Anna Berg');
    expect(contact).toHaveTextContent('anna@example.dk');
    expect(contact).toHaveTextContent('12345678');
    const payment = screen.getByRole('region', { name: 'Betaling' });
    expect(payment).toHaveTextContent('Visa');
    expect(payment).toHaveTextContent('•••• 4242');
    expect(payment).toHaveTextContent('Udløber 04/2030');

    const lines = screen.getByRole('table', { name: 'Ordrelinjer' });
    const shirt = within(lines).getByRole('row', { name: /Spillertrøje/ });
    expect(shirt).toHaveTextContent('Spillertrøje – Large');
    expect(shirt).toHaveTextContent('Navn og nummer (+ 100,00 kr.)');
    expect(shirt).toHaveTextContent('649,00 kr.');
    expect(shirt).toHaveTextContent('1.298,00 kr.');
    const seat = within(lines).getByRole('row', { name: /Siddeplads/ });
    expect(seat).toHaveTextContent('Derby: Tribune Nord, række N1, plads 3');

    // No discount and no fee: no such lines.
    expect(totalsText()).toBe(
      'Subtotal (ekskl. moms) 1.158,40 kr. Moms 289,60 kr. Total 1.448,00 kr.',
    );
    expect(screen.getByRole('link', { name: 'Tilbage til webshoppen' })).toHaveAttribute(
      'href',
      '/shop',
    );
    expect(screen.queryByText('Vi venter på betalingen…')).not.toBeInTheDocument();
  });

  it('shows the discount, and a fee with VAT when there is one', async () => {
    serveShop({
      orders: [
        confirmedOrder({
          cardType: 'dankort',
          cardNumber: '1234',
          discount: 14480,
          additionalFee: 10000,
          subtotal: 104256,
          vat: 28564,
          total: 142820,
        }),
      ],
    });
    renderApp(CONFIRMATION);
    await screen.findByRole('heading', { name: 'Tak for din ordre!' });
    expect(screen.getByRole('region', { name: 'Betaling' })).toHaveTextContent('Dankort');
    // Demo FC's 25 % VAT on the fee of 100,00 kr.
    expect(totalsText()).toBe(
      'Subtotal (ekskl. moms) 1.042,56 kr. Rabat -144,80 kr. Gebyr 125,00 kr. Moms 285,64 kr. Total 1.428,20 kr.',
    );
  });

  it("says that a user was made and its e-mail must be confirmed after 'Opret bruger'", async () => {
    serveShop({ orders: [confirmedOrder({ accountCreated: true })] });
    renderApp(CONFIRMATION);
    expect(
      await screen.findByText(
        'Vi har oprettet en bruger til dig med e-mailen anna@example.dk. Bekræft din e-mail med linket i den mail, vi har sendt dig, før du logger ind.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing was to pay for a free order', async () => {
    serveShop({
      orders: [
        confirmedOrder({
          cardType: null,
          cardNumber: null,
          expMonth: null,
          expYear: null,
          subtotal: 0,
          vat: 0,
          total: 0,
        }),
      ],
    });
    renderApp(CONFIRMATION);
    const payment = await screen.findByRole('region', { name: 'Betaling' });
    expect(payment).toHaveTextContent('Der var intet at betale.');
    expect(payment).not.toHaveTextContent('••••');
  });

  it('waits for the payment while it is pending, asking again', async () => {
    const pending = confirmedOrder({
      status: 'pending',
      cardType: null,
      cardNumber: null,
      expMonth: null,
      expYear: null,
    });
    const calls = serveShop({ orders: [pending, confirmedOrder()] });
    renderApp(CONFIRMATION);

    expect(await screen.findByText('Vi venter på betalingen…')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ordre nr. 1042' })).toBeVisible();
    // The club's message waits for the confirmation.
    expect(screen.queryByText('stadion')).not.toBeInTheDocument();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Tak for din ordre!' },
        { timeout: POLL_MS + 2000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText('Vi venter på betalingen…')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Betaling' })).toHaveTextContent('•••• 4242');
    expect(calls.orderReads).toHaveLength(2);
  });

  it('stops asking after a minute and says the payment is not confirmed yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serveShop({ orders: [confirmedOrder({ status: 'pending' })] });
      renderApp(CONFIRMATION);
      expect(await screen.findByText('Vi venter på betalingen…')).toBeInTheDocument();
      // Two seconds at a time, each question answered before the next two seconds pass.
      for (let step = 0; step < 40 && !screen.queryByText(STILL_WAITING); step += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(POLL_MS);
        });
        await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      }
      expect(screen.getByText(STILL_WAITING)).toBeInTheDocument();
      expect(screen.queryByText('Vi venter på betalingen…')).not.toBeInTheDocument();
      const asked = calls.orderReads.length;
      expect(asked).toBeGreaterThanOrEqual(POLL_LIMIT_MS / POLL_MS - 2);
      expect(asked).toBeLessThanOrEqual(POLL_LIMIT_MS / POLL_MS + 2);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(POLL_MS * 3);
      });
      expect(calls.orderReads).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says that a cancelled order was cancelled and the money returned', async () => {
    serveShop({ orders: [confirmedOrder({ status: 'cancelled' })] });
    renderApp(CONFIRMATION);
    expect(
      await screen.findByText('Ordren blev annulleret, og beløbet er sendt retur til dit kort.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Tak for din ordre!' })).toBeNull();
  });

  it('goes back to the shop when the order does not open with the token', async () => {
    const calls = serveShop({
      orders: [
        () =>
          HttpResponse.json(
            { success: false, error: 'Du har ikke adgang til dette' },
            { status: 403 },
          ),
      ],
    });
    const { router } = renderApp(`/shop/confirmation/${ORDER_ID}?token=forkert`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/shop');
    expect(calls.orderReads).toEqual([{ id: ORDER_ID, token: 'forkert' }]);
    const toast = await findToasts();
    expect(within(toast).getByText('Du har ikke adgang til dette')).toBeInTheDocument();
  });

  it('goes back to the shop without a token, asking for nothing', async () => {
    const calls = serveShop();
    const { router } = renderApp(`/shop/confirmation/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(calls.orderReads).toEqual([]);
  });
});
