import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoFc, modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { fieldRefusal, line, seatLine, serveShop } from './shopFixtures';
import { findToasts } from '../../test/toasts';

async function openCart(name: string | RegExp = /^Kurv/) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Kurv' });
}

/** The totals as 'Subtotal (ekskl. moms) … Moms … Total …'. */
function totalsText(drawer: HTMLElement) {
  const list = drawer.querySelector('dl');
  return list?.textContent?.replace(/\s+/g, ' ') ?? '';
}

describe('the cart drawer', () => {
  it('lists the lines with their add-ons, seats and totals, and goes to the checkout', async () => {
    const calls = serveShop({
      lines: [line(), seatLine('N1-3'), seatLine('N1-4', { seatHeld: false })],
      holdToken: 'hold-cart',
    });
    const { router } = renderApp('/');

    // The cart is read as the layout mounts: the badge counts its items.
    const button = await screen.findByRole('button', { name: 'Kurv, 4 varer' });
    expect(button).toHaveTextContent('4');
    expect(calls.cartReads).toBe(1);

    const drawer = await openCart();
    expect(within(drawer).getByRole('list', { name: 'Produkter i kurven' }).children).toHaveLength(
      3,
    );

    const shirt = within(drawer).getByRole('listitem', { name: 'Spillertrøje – Large' });
    expect(within(shirt).getByText('Navn og nummer', { exact: false })).toHaveTextContent(
      'Navn og nummer (+ 100,00 kr.)',
    );
    expect(
      within(shirt).getByRole('spinbutton', { name: 'Antal af Spillertrøje – Large' }),
    ).toHaveValue('2');
    expect(shirt).toHaveTextContent('I alt: 1.298,00 kr.');
    expect(shirt.querySelector('img')).toHaveAttribute('src', '/webshop/pictures/shirt');

    const seat = within(drawer).getByRole('listitem', { name: 'Siddeplads (N1-3)' });
    expect(seat).toHaveTextContent('Derby: Tribune Nord, række N1, plads 3');
    expect(seat).toHaveTextContent('Antal: 1');
    expect(within(seat).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(seat).queryByText(/ikke længere reserveret/)).not.toBeInTheDocument();
    const lost = within(drawer).getByRole('listitem', { name: 'Siddeplads (N1-4)' });
    expect(
      within(lost).getByText('Pladsen er ikke længere reserveret – vælg en ny'),
    ).toBeInTheDocument();

    expect(totalsText(drawer)).toBe(
      'Subtotal (ekskl. moms)1.278,40 kr.Moms319,60 kr.Total1.598,00 kr.',
    );

    const checkout = within(drawer).getByRole('link', { name: 'Gå til kassen' });
    expect(checkout).toHaveAttribute('href', '/shop/checkout');
    await userEvent.click(checkout);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gennemfør ordre' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/checkout');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Kurv' })).not.toBeInTheDocument(),
    );
  });

  it("changes a line's amount and shows the cart the server answers", async () => {
    const calls = serveShop({ lines: [line()] });
    renderApp('/');
    const drawer = await openCart('Kurv, 2 varer');
    const amount = within(drawer).getByRole('spinbutton', {
      name: 'Antal af Spillertrøje – Large',
    });
    await userEvent.clear(amount);
    await userEvent.type(amount, '3');
    await userEvent.tab();

    await waitFor(() => expect(calls.updates).toHaveLength(1));
    expect(Object.fromEntries(calls.updates[0] ?? [])).toEqual({ id: 'line-1', amount: '3' });
    expect(await screen.findByRole('button', { name: 'Kurv, 3 varer' })).toBeInTheDocument();
    const shirt = within(drawer).getByRole('listitem', { name: 'Spillertrøje – Large' });
    expect(shirt).toHaveTextContent('I alt: 1.947,00 kr.');
    expect(totalsText(drawer)).toContain('Total1.947,00 kr.');
    // The answer replaced the cart: it was not read again.
    expect(calls.cartReads).toBe(1);
  });

  it('shows the refusal of a change and the amount the line has', async () => {
    serveShop({
      lines: [line()],
      update: () => fieldRefusal('amount', 'Antal skal være mellem 0 og 100'),
    });
    renderApp('/');
    const drawer = await openCart('Kurv, 2 varer');
    const amount = within(drawer).getByRole('spinbutton', {
      name: 'Antal af Spillertrøje – Large',
    });
    await userEvent.clear(amount);
    await userEvent.type(amount, '7');
    await userEvent.tab();
    const toast = await findToasts();
    expect(await within(toast).findByText('Antal skal være mellem 0 og 100')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(drawer).getByRole('spinbutton', { name: 'Antal af Spillertrøje – Large' }),
      ).toHaveValue('2'),
    );
  });

  it("removes a line, and says 'Ingen produkter i kurven' when the cart is empty", async () => {
    const calls = serveShop({ lines: [line(), seatLine('N1-3')], holdToken: 'hold-cart' });
    renderApp('/');
    const drawer = await openCart('Kurv, 3 varer');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Fjern Siddeplads (N1-3)' }));
    await waitFor(() =>
      expect(
        within(drawer).queryByRole('listitem', { name: 'Siddeplads (N1-3)' }),
      ).not.toBeInTheDocument(),
    );
    expect(Object.fromEntries(calls.updates[0] ?? [])).toEqual({ id: 'line-N1-3', amount: '0' });

    await userEvent.click(
      within(drawer).getByRole('button', { name: 'Fjern Spillertrøje – Large' }),
    );
    expect(await within(drawer).findByText('Ingen produkter i kurven')).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Gå til kassen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kurv' })).not.toHaveTextContent(/\d/);
  });

  it("says 'Ingen produkter i kurven' for an empty cart", async () => {
    serveShop();
    renderApp('/');
    const drawer = await openCart('Kurv');
    expect(within(drawer).getByText('Ingen produkter i kurven')).toBeInTheDocument();
    expect(within(drawer).queryByRole('list')).not.toBeInTheDocument();
  });

  it('is not there, and no cart is read, when the club has no web shop', async () => {
    const calls = serveShop({ session: { client: demoFc, modules } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Kurv/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Webshop' })).not.toBeInTheDocument();
    expect(calls.cartReads).toBe(0);
  });
});
