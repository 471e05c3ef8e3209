import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { orderLine } from '../../test/orders';
import { renderShared } from '../../test/renderShared';
import type { FieldRules } from '../access';
import { SEAT_TICKET } from '../orderLines/orderLineSchema';
import { LinesCard } from './LinesCard';

describe('the lines card', () => {
  it('shows the columns it is given: the SKU, and the seat of a seat ticket only', () => {
    const scarf = orderLine();
    const ticket = orderLine({
      id: 'l-2',
      title: 'Pladsbillet Tribune',
      sku: null,
      type: SEAT_TICKET,
      seat: 'A-12',
    });
    renderShared(
      <Formik initialValues={{ orderLines: [scarf, ticket] }} onSubmit={vi.fn()}>
        <LinesCard
          name="orderLines"
          editable={false}
          emptyMessage="Ingen produkter på ordren."
          columns={['title', 'sku', 'total', 'seat']}
        />
      </Formik>,
    );
    const table = screen.getByRole('table', { name: 'Produkter' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Titel', 'Varenummer', 'Total', 'Plads']);
    const scarfRow = within(table).getByRole('row', { name: /Halstørklæde/ });
    expect(scarfRow).toHaveTextContent('H-1');
    expect(scarfRow).not.toHaveTextContent('A-12');
    expect(within(table).getByRole('row', { name: /Pladsbillet Tribune/ })).toHaveTextContent(
      'A-12',
    );
  });

  it("leaves out a hidden price's columns and locks a locked one in the line dialog", async () => {
    const scarf = orderLine({ productId: null });
    const renderLines = (fieldRules: FieldRules) =>
      renderShared(
        <Formik initialValues={{ orderLines: [scarf] }} onSubmit={vi.fn()}>
          <LinesCard
            name="orderLines"
            editable
            emptyMessage="Ingen produkter på ordren."
            columns={['title', 'price', 'discount', 'total']}
            fieldRules={fieldRules}
          />
        </Formik>,
      );
    const headers = () =>
      within(screen.getByRole('table', { name: 'Produkter' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    const { unmount } = renderLines({ hidden: ['orderLines.price'], locked: ['orderLines.price'] });
    expect(headers()).toEqual(['Titel', 'Rabat', 'Handlinger']);
    unmount();

    const user = userEvent.setup();
    renderLines({ hidden: [], locked: ['price'] });
    expect(headers()).toEqual(['Titel', 'Pris', 'Rabat', 'Total', 'Handlinger']);
    await user.click(screen.getByRole('button', { name: /Rediger.*Halstørklæde/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Pris')).toBeDisabled();
    expect(within(dialog).getByText('Din rolle må ikke ændre dette felt.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Rabat')).toBeEnabled();
  });
});
