import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { SCARF_ID, SEAT_ID, serveShop, SHIRT_ID } from './shopFixtures';

describe('the web shop', () => {
  it("shows the products as cards with 'Fra:', the old price struck through and 'Udsolgt'", async () => {
    const calls = serveShop();
    renderApp('/shop');

    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeInTheDocument();
    const shirt = await screen.findByRole('article', { name: 'Spillertrøje' });
    expect(shirt).toHaveTextContent('Fra: 499,00 kr.');
    expect(within(shirt).getByRole('link', { name: 'Spillertrøje' })).toHaveAttribute(
      'href',
      `/shop/${SHIRT_ID}`,
    );
    expect(within(shirt).queryByText('Udsolgt')).not.toBeInTheDocument();

    const scarf = screen.getByRole('article', { name: 'Halstørklæde' });
    expect(scarf).not.toHaveTextContent('Fra:');
    expect(within(scarf).getByText('Udsolgt')).toBeInTheDocument();
    expect(scarf.querySelector('del')).toHaveTextContent('Før: 200,00 kr.');
    expect(scarf).toHaveTextContent('150,00 kr.');
    expect(within(scarf).getByRole('link', { name: 'Halstørklæde' })).toHaveAttribute(
      'href',
      `/shop/${SCARF_ID}`,
    );
    expect(calls.productLists).toEqual([null]);
  });

  it('filters the products by the ticked categories', async () => {
    const calls = serveShop();
    const { router } = renderApp('/shop');

    const filter = await screen.findByRole('group', { name: 'Kategorier' });
    await screen.findByRole('article', { name: 'Spillertrøje' });
    expect(screen.getAllByRole('article')).toHaveLength(3);

    await userEvent.click(within(filter).getByRole('checkbox', { name: 'Billetter' }));
    await waitFor(() => expect(calls.productLists).toEqual([null, 'cat-tickets']));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Spillertrøje' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Siddeplads' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?categoryIds=cat-tickets');

    // Both, in the categories' order.
    await userEvent.click(within(filter).getByRole('checkbox', { name: 'Merchandise' }));
    await waitFor(() => expect(calls.productLists.at(-1)).toBe('cat-merch,cat-tickets'));
    expect(await screen.findByRole('article', { name: 'Spillertrøje' })).toBeInTheDocument();

    // None ticked: every product again.
    await userEvent.click(within(filter).getByRole('checkbox', { name: 'Merchandise' }));
    await userEvent.click(within(filter).getByRole('checkbox', { name: 'Billetter' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(within(filter).getByRole('checkbox', { name: 'Billetter' })).not.toBeChecked();
  });

  it('keeps the chosen categories in the address', async () => {
    const calls = serveShop();
    renderApp('/shop?categoryIds=cat-tickets');
    expect(await screen.findByRole('article', { name: 'Siddeplads' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Billetter' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Merchandise' })).not.toBeChecked();
    expect(calls.productLists).toEqual(['cat-tickets']);
    expect(screen.getByRole('link', { name: 'Siddeplads' })).toHaveAttribute(
      'href',
      `/shop/${SEAT_ID}`,
    );
  });

  it("says 'Ingen produkter' when nothing matches", async () => {
    serveShop({ products: () => [] });
    renderApp('/shop');
    expect(await screen.findByText('Ingen produkter')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says so when the products cannot be read', async () => {
    serveShop();
    server.use(
      http.get('/webshop/products', () =>
        HttpResponse.json({ success: false, error: 'Serverfejl' }, { status: 500 }),
      ),
    );
    renderApp('/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Produkterne kunne ikke hentes. Prøv igen.',
    );
  });

  it('links to the shop from the header of a club with the web shop', async () => {
    serveShop();
    renderApp('/shop');
    expect(await screen.findByRole('link', { name: 'Webshop' })).toHaveAttribute('href', '/shop');
  });
});
