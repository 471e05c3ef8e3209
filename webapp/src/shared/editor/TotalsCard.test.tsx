import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { TotalsCard, type ShownTotals } from './TotalsCard';

const totals: ShownTotals = {
  subtotal: 20_000,
  discount: 0,
  additionalFee: 0,
  vat: 5_000,
  total: 25_000,
};

function renderCard(editable: boolean) {
  const onSubmit = vi.fn();
  renderShared(
    <Formik initialValues={{ orderDiscount: '' }} onSubmit={onSubmit}>
      <Form>
        <TotalsCard
          totals={totals}
          editable={editable}
          orderDiscountLabel="Aftalerabat"
          // A typed total below the lines' 250,00 kr. is the discount.
          discountForTotal={(total) => Math.max(0, 25_000 - total)}
        />
      </Form>
    </Formik>,
  );
  return onSubmit;
}

describe('the totals card', () => {
  it('sets the discount from a typed total on Enter, without submitting the form', async () => {
    const onSubmit = renderCard(true);
    const total = screen.getByLabelText('Total');
    expect(total).toHaveValue('250,00');
    await userEvent.clear(total);
    await userEvent.type(total, '200{Enter}');
    expect(screen.getByLabelText('Aftalerabat')).toHaveValue('50,00');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sets the discount when the total is left, and clears it for the full total', async () => {
    renderCard(true);
    const total = screen.getByLabelText('Total');
    await userEvent.clear(total);
    await userEvent.type(total, '240');
    await userEvent.tab();
    expect(screen.getByLabelText('Aftalerabat')).toHaveValue('10,00');
    await userEvent.clear(total);
    await userEvent.type(total, '250');
    await userEvent.tab();
    expect(screen.getByLabelText('Aftalerabat')).toHaveValue('');
  });

  it("shows a locked form's numbers only, and no fee of 0", () => {
    renderCard(false);
    const table = screen.getByRole('table', { name: 'Beløb' });
    expect(table).toHaveTextContent('Subtotal');
    expect(table).toHaveTextContent('Moms');
    expect(table).not.toHaveTextContent('Gebyr');
    expect(screen.queryByLabelText('Total')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Aftalerabat')).not.toBeInTheDocument();
  });
});
