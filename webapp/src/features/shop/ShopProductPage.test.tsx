import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOLD_TOKEN, serveSeats } from '../../shared/seats/seatFixtures';
import { renderApp } from '../../test/renderApp';
import {
  EVENT_ID,
  fieldRefusal,
  GIFT_WRAP_ID,
  LARGE_ID,
  MEMBERSHIP_ID,
  membership,
  PRINT_ID,
  product,
  SEAT_ID,
  seatLine,
  seatTicket,
  serveShop,
  SHIRT_ID,
} from './shopFixtures';
import { findToasts } from '../../test/toasts';

/** jsdom cannot measure PrimeReact's positioned overlays, so they stay display:none here. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Money as the app writes it: '1.234,50 kr.' with a no-break space. */
const kr = (text: string) => text.replace(/ kr\./g, '\u00a0kr.');

describe('a product of the web shop', () => {
  it('shows the product: its picture, description, price, variants and add-ons', async () => {
    serveShop();
    const { container } = renderApp(`/shop/${SHIRT_ID}`);

    const page = await screen.findByRole('article', { name: 'Spillertrøje' });
    expect(within(page).getByRole('heading', { level: 1, name: 'Spillertrøje' })).toBeVisible();
    expect(within(page).getByText('nye')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(page.querySelector('img')).toHaveAttribute('src', '/webshop/pictures/shirt');
    expect(page).toHaveTextContent('Fra: 499,00 kr.');
    expect(screen.getByLabelText('Variant')).toBeInTheDocument();
    const addOns = screen.getByRole('group', { name: 'Tilvalg' });
    expect(
      within(addOns).getByRole('checkbox', { name: kr('Navn og nummer (+ 100,00 kr.)') }),
    ).toBeChecked();
    expect(
      within(addOns).getByRole('checkbox', { name: kr('Gaveindpakning (+ 25,00 kr.)') }),
    ).not.toBeChecked();
    expect(screen.getByLabelText('Antal')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Læg i kurv' })).toBeEnabled();
  });

  it('adds the variant, the ticked add-ons and the quantity, and opens the cart on it', async () => {
    const calls = serveShop();
    renderApp(`/shop/${SHIRT_ID}`);
    const add = await screen.findByRole('button', { name: 'Læg i kurv' });

    // The variant is required.
    await userEvent.click(add);
    expect(await screen.findByText('Vælg en variant')).toBeInTheDocument();
    expect(calls.adds).toHaveLength(0);

    await chooseOption('Variant', kr('Large – 549,00 kr.'));
    expect(await screen.findByRole('article', { name: 'Spillertrøje' })).toHaveTextContent(
      '549,00 kr.',
    );
    await userEvent.click(
      screen.getByRole('checkbox', { name: kr('Gaveindpakning (+ 25,00 kr.)') }),
    );
    const amount = screen.getByLabelText('Antal');
    await userEvent.clear(amount);
    await userEvent.type(amount, '3');
    await userEvent.click(add);

    await waitFor(() => expect(calls.adds).toHaveLength(1));
    const sent = calls.adds[0];
    expect(sent?.get('productId')).toBe(SHIRT_ID);
    expect(sent?.get('variantId')).toBe(LARGE_ID);
    expect(sent?.get('amount')).toBe('3');
    expect(sent?.get('options')).toBe(`${PRINT_ID},${GIFT_WRAP_ID}`);
    expect(sent?.get('seat')).toBeNull();

    expect(
      await within(await findToasts()).findByText('Produktet er lagt i kurven'),
    ).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'Kurv' });
    const lines = within(drawer).getByRole('list', { name: 'Produkter i kurven' });
    expect(within(lines).getByRole('listitem', { name: 'Spillertrøje – Large' })).toHaveTextContent(
      '2.022,00 kr.',
    );
    expect(screen.getByRole('button', { name: 'Kurv, 3 varer' })).toBeInTheDocument();
  });

  it("says 'Der opstod en fejl!' with the server's words when the add is refused", async () => {
    const calls = serveShop({
      pages: [product({ variants: [], options: [] })],
      add: () => fieldRefusal('productId', 'Produktet er udsolgt'),
    });
    renderApp(`/shop/${SHIRT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Læg i kurv' }));
    expect(
      await within(await findToasts()).findByText('Der opstod en fejl! Produktet er udsolgt'),
    ).toBeInTheDocument();
    expect(calls.adds[0]?.get('options')).toBeNull();
    expect(calls.adds[0]?.get('variantId')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Kurv' })).not.toBeInTheDocument();
  });

  it('shows a refusal of the quantity on its field', async () => {
    serveShop({
      pages: [product({ variants: [], options: [] })],
      add: () => fieldRefusal('amount', 'Antal skal være mellem 1 og 100'),
    });
    renderApp(`/shop/${SHIRT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Læg i kurv' }));
    expect(
      await within(await findToasts()).findByText(
        'Der opstod en fejl! Antal skal være mellem 1 og 100',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Antal')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Antal')).toHaveAccessibleDescription(
      'Antal skal være mellem 1 og 100',
    );
  });

  it("disables 'Læg i kurv' and says 'Udsolgt' for a sold-out product", async () => {
    serveShop({ pages: [product({ soldOut: true })] });
    renderApp(`/shop/${SHIRT_ID}`);
    expect(await screen.findByRole('button', { name: 'Læg i kurv' })).toBeDisabled();
    expect(screen.getByText('Udsolgt')).toBeInTheDocument();
  });

  it('says the terms of a subscription product', async () => {
    serveShop({ pages: [membership()] });
    renderApp(`/shop/${MEMBERSHIP_ID}`);
    expect(
      await screen.findByText('Betales hver 3. måned, bindingsperiode 12 måneder.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Oprettelsesgebyr: 50,00 kr.')).toBeInTheDocument();
  });

  it("says 'hver måned' for a monthly subscription", async () => {
    serveShop({
      pages: [
        membership({
          subscription: { interval: 1, commitment: 0, feeWithVat: 10000, startFeeWithVat: 0 },
        }),
      ],
    });
    renderApp(`/shop/${MEMBERSHIP_ID}`);
    expect(
      await screen.findByText('Betales hver måned, ingen bindingsperiode.'),
    ).toBeInTheDocument();
  });

  it('goes back to the shop when the product is not in it', async () => {
    const calls = serveShop({ pages: [] });
    const { router } = renderApp(`/shop/${SHIRT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
    expect(calls.productReads).toEqual([SHIRT_ID]);
  });

  it('takes an address below /shop that is no product id for no product', async () => {
    const calls = serveShop();
    const { router } = renderApp('/shop/not-a-product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
    expect(calls.productReads).toEqual([]);
  });
});

/** Picks the seats in the seat picker and confirms them. */
async function pickSeats(...labels: string[]) {
  const picker = await screen.findByRole('dialog', { name: 'Vælg pladser – Siddeplads' });
  for (const label of labels) {
    await userEvent.click(
      await within(picker).findByRole('option', { name: new RegExp(`^Plads ${label},`) }),
    );
    expect(
      await within(picker).findByRole('option', { name: `Plads ${label}, Tribune Nord, valgt` }),
    ).toBeInTheDocument();
  }
  const confirm = within(picker).getByRole('button', { name: 'Bekræft pladser' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await userEvent.click(confirm);
}

describe('a seat-ticket of the web shop', () => {
  it('picks a seat per ticket and adds a line per seat', async () => {
    const calls = serveShop();
    const seats = serveSeats();
    renderApp(`/shop/${SEAT_ID}`);

    expect(
      await screen.findByText('Arrangement: Derby – ons. 5. jun. 2030 kl. 19:30'),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText('Antal');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Vælg pladser' }));
    await pickSeats('N1-3', 'N1-4');

    await waitFor(() => expect(calls.adds).toHaveLength(2));
    expect(seats.holds).toEqual([
      { holdToken: HOLD_TOKEN, seats: ['N1-3'] },
      { holdToken: HOLD_TOKEN, seats: ['N1-4'] },
    ]);
    expect(calls.adds.map((params) => Object.fromEntries(params))).toEqual([
      {
        productId: SEAT_ID,
        amount: '1',
        seat: 'N1-3',
        seatEventId: EVENT_ID,
        holdToken: HOLD_TOKEN,
      },
      {
        productId: SEAT_ID,
        amount: '1',
        seat: 'N1-4',
        seatEventId: EVENT_ID,
        holdToken: HOLD_TOKEN,
      },
    ]);
    expect(
      await within(await findToasts()).findByText('Produktet er lagt i kurven'),
    ).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'Kurv' });
    expect(within(drawer).getByRole('listitem', { name: 'Siddeplads (N1-3)' })).toHaveTextContent(
      'Derby: Tribune Nord, række N1, plads 3',
    );
    expect(within(drawer).getByRole('listitem', { name: 'Siddeplads (N1-4)' })).toBeInTheDocument();
  });

  it("goes on with the cart's hold session and adds only the new seats", async () => {
    const calls = serveShop({ lines: [seatLine('N1-6')], holdToken: 'hold-cart' });
    const seats = serveSeats({ held: { 'hold-cart': ['N1-6'] } });
    renderApp(`/shop/${SEAT_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Vælg pladser' }));
    const picker = await screen.findByRole('dialog', { name: 'Vælg pladser – Siddeplads' });
    expect(
      await within(picker).findByRole('option', { name: 'Plads N1-6, Tribune Nord, valgt' }),
    ).toBeInTheDocument();
    await pickSeats('N1-3');

    await waitFor(() => expect(calls.adds).toHaveLength(1));
    expect(calls.adds[0]?.get('seat')).toBe('N1-3');
    expect(calls.adds[0]?.get('holdToken')).toBe('hold-cart');
    expect(seats.tokens).toBe(0);
    expect(seats.releases).toEqual([]);
  });

  it('gives back the seats not added when the cart refuses one', async () => {
    const calls = serveShop({
      add: (params) =>
        params.get('seat') === 'N1-4'
          ? fieldRefusal('seat', 'Pladsen er allerede i kurven')
          : undefined,
    });
    const seats = serveSeats();
    renderApp(`/shop/${SEAT_ID}`);
    const amount = await screen.findByLabelText('Antal');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Vælg pladser' }));
    await pickSeats('N1-3', 'N1-4');

    expect(
      await within(await findToasts()).findByText(
        'Der opstod en fejl! Pladsen er allerede i kurven',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(seats.releases).toEqual([{ holdToken: HOLD_TOKEN, seat: 'N1-4' }]));
    expect(calls.adds.map((params) => params.get('seat'))).toEqual(['N1-3', 'N1-4']);
    expect(
      within(await findToasts()).queryByText('Produktet er lagt i kurven'),
    ).not.toBeInTheDocument();
  });

  it('chooses among several events, and says when there is none', async () => {
    serveShop({
      pages: [
        seatTicket({
          seatEvents: [
            { id: EVENT_ID, title: 'Derby', startDate: '2030-06-05T17:30:00Z' },
            { id: 'ev-2', title: 'Pokalkamp', startDate: '2030-06-12T16:00:00Z' },
          ],
        }),
      ],
    });
    serveSeats();
    renderApp(`/shop/${SEAT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Vælg pladser' }));
    expect(await screen.findByText('Vælg et arrangement')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await chooseOption('Arrangement', 'Pokalkamp – ons. 12. jun. 2030 kl. 18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Vælg pladser' }));
    expect(
      await screen.findByRole('dialog', { name: 'Vælg pladser – Siddeplads' }),
    ).toBeInTheDocument();
  });

  it('says when no event sells seats', async () => {
    serveShop({ pages: [seatTicket({ seatEvents: [] })] });
    renderApp(`/shop/${SEAT_ID}`);
    expect(
      await screen.findByText('Der er ingen kommende arrangementer med pladser'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vælg pladser' })).toBeDisabled();
  });
});
