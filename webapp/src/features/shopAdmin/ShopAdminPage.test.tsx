import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { modules } from '../../test/fixtures';
import { server } from '../../test/server';
import { staffAtDemoFc, staffSession } from '../../test/staffSession';

const webshopStaff = {
  ...staffAtDemoFc,
  modules: [
    ...modules,
    {
      id: 'm8',
      alias: 'webshop',
      name: 'Webshop',
      icon: 'pi pi-shop',
      url: '/shop-admin',
      sorting: 8,
    },
  ],
};

beforeEach(() => {
  server.use(
    ...staffSession(webshopStaff),
    http.post('/api/shop/orders', () =>
      HttpResponse.json({
        success: true,
        Result: [
          {
            Id: 'o5',
            OrderNumber: 2044,
            Number: 2044,
            Status: 'processing',
            PaymentStatus: 'paid',
            IsPOS: false,
            Contact: 'Gitte Holm',
            Firstname: 'Gitte',
            Lastname: 'Holm',
            Company: null,
            Event: null,
            OrderLines: 2,
            Total: 36_250,
            CreateDate: '2026-11-20T10:00:00Z',
          },
        ],
        TotalPages: 1,
        Total: 1,
      }),
    ),
    http.post('/api/shop/products', () =>
      HttpResponse.json({
        success: true,
        Result: [
          {
            Id: 'p1',
            Title: 'Halstørklæde',
            Category: 'Merchandise',
            Price: 10_000,
            Type: 'product',
          },
        ],
        TotalPages: 1,
        Total: 1,
      }),
    ),
  );
});

describe("the back office's Webshop", () => {
  it("is the shop's administration: its orders, its products, and the storefront in a new tab", async () => {
    renderApp('/shop-admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webshop' })).toBeVisible();
    const open = screen.getByRole('link', { name: 'Åbn webshoppen' });
    expect(open).toHaveAttribute('href', '/shop');
    expect(open).toHaveAttribute('target', '_blank');
    const orders = await screen.findByRole('table', { name: 'Ordrer' });
    const row = within(orders).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Gitte Holm');
    expect(row).toHaveTextContent('Behandler');
    expect(within(row).getByRole('link', { name: '2044' })).toHaveAttribute('href', '/orders/o5');
    await userEvent.click(screen.getByRole('tab', { name: 'Produkter i webshoppen' }));
    const products = await screen.findByRole('table', { name: 'Produkter i webshoppen' });
    expect(within(products).getByRole('link', { name: 'Halstørklæde' })).toHaveAttribute(
      'href',
      '/products/p1',
    );
  });
});
