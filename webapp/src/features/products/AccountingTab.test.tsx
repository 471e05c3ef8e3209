import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoFcWithExtraInfo, staffAtDemoFc, staffSession } from '../../test/staffSession';
import { modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { ACCOUNTING_FEATURE } from '../../shared/ui/AccountingTab';

const ordersModule = {
  id: 'm6',
  alias: 'orders',
  name: 'Ordrer',
  icon: 'pi pi-shopping-cart',
  url: '/orders',
  sorting: 6,
};

const productsModule = {
  id: 'm7',
  alias: 'products',
  name: 'Produkter',
  icon: 'pi pi-box',
  url: '/products',
  sorting: 7,
};

function scenario(accounting: boolean) {
  return {
    ...staffAtDemoFc,
    client: {
      ...demoFcWithExtraInfo,
      features: accounting ? { orders: { [ACCOUNTING_FEATURE]: true } } : {},
    },
    modules: [...modules, ordersModule, productsModule],
  };
}

const category = { id: 'k1', title: 'Sponsor', sku: '', price: 10000, invoiceTitle: '' };

function serve(accounting: boolean) {
  const saved: unknown[] = [];
  server.use(
    ...staffSession(scenario(accounting)),
    http.get('/api/orders/categories/k1', () =>
      HttpResponse.json({ success: true, result: category }),
    ),
    http.get('/api/orders/economic/products', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      const products = [
        { name: 'Sponsorpakke Guld', productNumber: '1010' },
        { name: 'Sæsonkort', productNumber: '2020' },
      ].filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
      return HttpResponse.json({ success: true, result: products });
    }),
    http.get('/api/products/categories', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/products/invoicegroups', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/orders/seasons', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/products', () => HttpResponse.json({ success: true, result: [] })),
    http.post('/api/orders/categories/update', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ success: true, result: 'k1' });
    }),
  );
  return saved;
}

describe('the accounting tab (Regnskab)', () => {
  it('is hidden when the orders module has no accounting feature', async () => {
    serve(false);
    renderApp('/orders/categories/k1');
    expect(await screen.findByRole('tab', { name: 'Kategori' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Titel')).toHaveValue('Sponsor');
    expect(screen.queryByRole('tab', { name: 'Regnskab' })).not.toBeInTheDocument();
  });

  it('links an accounting product to the category through its sku', async () => {
    const saved = serve(true);
    renderApp('/orders/categories/k1');
    expect(await screen.findByLabelText('Titel')).toHaveValue('Sponsor');
    await userEvent.click(screen.getByRole('tab', { name: 'Regnskab' }));
    expect(await screen.findByText('Intet varenummer tilknyttet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Produkt i regnskabssystemet'), 'guld');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Sponsorpakke Guld (1010)', hidden: true }),
    );
    expect(await screen.findByText('Tilknyttet varenummer: 1010')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 'k1', sku: '1010' });
  });
});

describe('the product editor', () => {
  it('has no Regnskab tab without the accounting feature', async () => {
    serve(false);
    renderApp('/products/create');
    expect(await screen.findByRole('tab', { name: 'Produkt' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Regnskab' })).not.toBeInTheDocument();
  });

  it('sets the product number as sku when an accounting product is chosen', async () => {
    serve(true);
    renderApp('/products/create');
    await userEvent.click(await screen.findByRole('tab', { name: 'Regnskab' }));
    await userEvent.type(await screen.findByLabelText('Produkt i regnskabssystemet'), 'sæson');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Sæsonkort (2020)', hidden: true }),
    );
    expect(await screen.findByText('Tilknyttet varenummer: 2020')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Produkt' }));
    expect(await screen.findByLabelText('Varenummer')).toHaveValue('2020');
  });
});
