import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { orderLine } from '../../test/orders';
import { renderShared } from '../../test/renderShared';
import { server } from '../../test/server';
import { OrderLineDialog } from './OrderLineDialog';
import type { OrderLine, OrderProduct } from './types';

function renderDialog(line: OrderLine | null) {
  const onSave = vi.fn<(saved: OrderLine) => void>();
  const onHide = vi.fn();
  renderShared(<OrderLineDialog visible line={line} onHide={onHide} onSave={onSave} />);
  return { onSave, onHide };
}

function dialog() {
  return screen.getByRole('dialog');
}

async function save() {
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Gem' }));
}

const shirt: OrderProduct = {
  id: 'p-shirt',
  title: 'Hjemmebanetrøje',
  sku: 'T-1',
  type: 'product',
  price: 59_900,
  prePayment: false,
  vatExempt: false,
  variants: [
    { id: 'v-s', title: 'S', sku: null, price: 59_900, active: true },
    { id: 'v-xl', title: 'XL', sku: 'T-1-XL', price: 64_900, active: true },
  ],
  options: [{ productId: 'p-print', variantId: null, priceOverride: true, price: 9_900 }],
};

const namePrint: OrderProduct = {
  id: 'p-print',
  title: 'Navnetryk',
  sku: 'N-1',
  type: 'product',
  price: 12_000,
  prePayment: false,
  vatExempt: false,
  variants: [],
  options: [],
};

describe('the order-line dialog', () => {
  it('requires a title, a price and an amount above 0', async () => {
    const { onSave } = renderDialog(null);
    expect(await screen.findByRole('dialog', { name: 'Tilføj produkt' })).toBeInTheDocument();
    await userEvent.clear(within(dialog()).getByLabelText('Antal'));
    await save();
    expect(await within(dialog()).findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(within(dialog()).getByText('Pris skal udfyldes')).toBeInTheDocument();
    expect(within(dialog()).getByText('Antal skal udfyldes')).toBeInTheDocument();

    await userEvent.type(within(dialog()).getByLabelText('Titel'), 'Gavekort');
    await userEvent.type(within(dialog()).getByLabelText('Pris'), '12,3,4');
    await userEvent.type(within(dialog()).getByLabelText('Antal'), 'to');
    await save();
    expect(await within(dialog()).findByText('Pris skal være et gyldigt tal.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Antal skal være et tal')).toBeInTheDocument();

    await userEvent.clear(within(dialog()).getByLabelText('Antal'));
    await userEvent.type(within(dialog()).getByLabelText('Antal'), '0');
    await save();
    expect(
      await within(dialog()).findByText('Antal skal være et tal større end 0'),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog()).getByLabelText('Pris'));
    await userEvent.type(within(dialog()).getByLabelText('Pris'), '100');
    await userEvent.type(within(dialog()).getByLabelText('Rabat'), '150');
    await userEvent.clear(within(dialog()).getByLabelText('Antal'));
    await userEvent.type(within(dialog()).getByLabelText('Antal'), '2');
    await save();
    expect(
      await within(dialog()).findByText('Rabatten kan ikke være større end prisen'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog()).getByLabelText('Rabat'));
    await userEvent.type(within(dialog()).getByLabelText('Rabat'), '10');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      title: 'Gavekort',
      price: 10_000,
      discount: 1_000,
      amount: 2,
      total: 18_000,
      seat: null,
    });
  });

  it("asks a seat ticket's seat as 'X-Y'", async () => {
    const seatLine = orderLine({
      productId: null,
      title: 'Pladsbillet Tribune',
      type: 'seat-ticket',
      price: 18_000,
      amount: 1,
      seat: null,
    });
    const { onSave } = renderDialog(seatLine);
    expect(await screen.findByRole('dialog', { name: 'Rediger produkt' })).toBeInTheDocument();
    for (const wrong of ['A12', 'A-', '-12', 'A-1-2', 'A 1-2']) {
      await userEvent.clear(within(dialog()).getByLabelText('Plads'));
      await userEvent.type(within(dialog()).getByLabelText('Plads'), wrong);
      await save();
      expect(
        await within(dialog()).findByText('Plads skal være i formatet X-Y'),
      ).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog()).getByLabelText('Plads'));
    await userEvent.type(within(dialog()).getByLabelText('Plads'), 'Æ-12');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ id: 'l-1', seat: 'Æ-12', total: 18_000 });
  });

  it('has no seat for other products', async () => {
    renderDialog(orderLine({ productId: null }));
    expect(await screen.findByRole('dialog', { name: 'Rediger produkt' })).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText('Plads')).not.toBeInTheDocument();
  });

  it('fills the line from the chosen product, its variant and an option', async () => {
    server.use(
      http.get('/api/products', ({ request }) =>
        HttpResponse.json({
          success: true,
          result:
            new URL(request.url).searchParams.get('search') === 'trø'
              ? [
                  {
                    id: 'p-shirt',
                    title: 'Hjemmebanetrøje',
                    price: 59_900,
                    type: 'product',
                    variants: [],
                  },
                ]
              : [],
        }),
      ),
      http.get('/api/products/p-shirt', () => HttpResponse.json({ success: true, result: shirt })),
      http.get('/api/products/p-print', () =>
        HttpResponse.json({ success: true, result: namePrint }),
      ),
    );
    const { onSave } = renderDialog(null);
    await userEvent.type(await within(dialog()).findByLabelText('Produkt'), 'trø');
    await userEvent.click(
      await screen.findByRole('option', { name: /Hjemmebanetrøje/, hidden: true }),
    );
    await waitFor(() =>
      expect(within(dialog()).getByLabelText('Titel')).toHaveValue('Hjemmebanetrøje'),
    );
    expect(within(dialog()).getByLabelText('Pris')).toHaveValue('599,00');
    expect(within(dialog()).getByLabelText('Varenummer')).toHaveValue('T-1');

    within(dialog()).getByLabelText('Vælg variant').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'XL', hidden: true }));
    expect(within(dialog()).getByLabelText('Variant')).toHaveValue('XL');
    expect(within(dialog()).getByLabelText('Pris')).toHaveValue('649,00');
    expect(within(dialog()).getByLabelText('Varenummer')).toHaveValue('T-1-XL');

    within(dialog()).getByLabelText('Tilvalg').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Navnetryk', hidden: true }));
    const chosen = await within(dialog()).findByRole('table', { name: 'Valgte tilvalg' });
    expect(within(chosen).getByLabelText('Pris for Navnetryk')).toHaveValue('99,00');

    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      productId: 'p-shirt',
      variantId: 'v-xl',
      title: 'Hjemmebanetrøje',
      variant: 'XL',
      sku: 'T-1-XL',
      type: 'product',
      price: 64_900,
      amount: 1,
      options: [
        {
          productId: 'p-print',
          variantId: null,
          title: 'Navnetryk',
          sku: 'N-1',
          price: 9_900,
          prePayment: false,
        },
      ],
      total: 74_800,
    });
  });
});
