import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ShopSeason } from '../../api/generated/shop';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { customerShopSession, SEAT_ID, serveShop, summaries } from './shopFixtures';

const SEASON_ID = '55555555-5555-4555-8555-555555555555';

const season = (renewal: ShopSeason['renewal']): ShopSeason => ({
  id: SEASON_ID,
  title: 'Sæson 2026/27',
  startDate: '2026-07-01',
  endDate: '2027-06-30',
  products: summaries.filter((each) => each.id === SEAT_ID),
  renewal,
});

describe("a season's page in the shop", () => {
  it("sells the season's products and tells last season's holder their seat is kept until the renewal date", async () => {
    serveShop({ session: customerShopSession });
    server.use(
      http.get(`/webshop/season/${SEASON_ID}`, () =>
        HttpResponse.json({
          success: true,
          result: season({
            previousSeason: 'Sæson 2025/26',
            seats: ['A-1-12'],
            until: '2026-06-15',
          }),
        }),
      ),
    );
    renderApp(`/shop/season/${SEASON_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sæson 2026/27' }),
    ).toBeInTheDocument();
    expect(screen.getByText('01-07-2026 – 30-06-2027')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Forny dit sæsonkort. Din plads A-1-12 fra Sæson 2025/26 er holdt til dig til og med 15-06-2026.',
    );
    const products = screen.getByRole('region', { name: 'Produkter' });
    const card = within(products).getByRole('article', { name: 'Siddeplads' });
    expect(within(card).getByRole('link', { name: 'Siddeplads' })).toHaveAttribute(
      'href',
      `/shop/${SEAT_ID}`,
    );
  });

  it('offers no renewal to a visitor', async () => {
    serveShop();
    server.use(
      http.get(`/webshop/season/${SEASON_ID}`, () =>
        HttpResponse.json({ success: true, result: season(null) }),
      ),
    );
    renderApp(`/shop/season/${SEASON_ID}`);
    expect(await screen.findByRole('article', { name: 'Siddeplads' })).toBeInTheDocument();
    expect(screen.queryByText(/Forny dit sæsonkort/)).not.toBeInTheDocument();
  });
});
