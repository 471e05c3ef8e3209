import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffAtDemoFc, staffSession } from '../../test/staffSession';
import { modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';

const withProducts = {
  ...staffAtDemoFc,
  modules: [
    ...modules,
    {
      id: 'm7',
      alias: 'products',
      name: 'Produkter',
      icon: 'pi pi-box',
      url: '/products',
      sorting: 7,
    },
  ],
};

function serve(path: string, body: Record<string, unknown>) {
  let saves = 0;
  server.use(
    ...staffSession(withProducts),
    http.get(`${path}/new-id/products`, () => HttpResponse.json({ success: true, result: [] })),
    http.post(`${path}/update`, () => {
      saves += 1;
      return HttpResponse.json({ success: true, result: 'new-id' });
    }),
    http.get(`${path}/new-id`, () => HttpResponse.json({ success: true, result: body })),
  );
  return () => saves;
}

describe('the product category form', () => {
  it('needs a title', async () => {
    const saves = serve('/api/products/categories', {
      id: 'new-id',
      title: 'Billetter',
      sorting: null,
      showOnShop: false,
      hideOnContract: false,
      shop: { title: '', description: '', image: null },
    });
    renderApp('/products/categories/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(saves()).toBe(0);
    await userEvent.type(screen.getByLabelText('Titel'), 'Billetter');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kategorien blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(saves()).toBe(1));
  });
});

describe('the invoice group form', () => {
  it('needs a title', async () => {
    const saves = serve('/api/products/invoicegroups', {
      id: 'new-id',
      title: 'Sponsorater',
      sku: '',
      sorting: null,
    });
    renderApp('/products/invoicegroups/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(saves()).toBe(0);
    await userEvent.type(screen.getByLabelText('Titel'), 'Sponsorater');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Gruppen blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(saves()).toBe(1));
  });
});
