import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { serveSeatCharts } from './seatChartFixtures';

describe('a saved seat chart', () => {
  it('shows its key, its categories and its seats, the ones not for sale as such', async () => {
    serveSeatCharts();
    renderApp('/events/seat-charts/chart-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stadion' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage' })).toHaveAttribute(
      'href',
      '/events/seat-charts',
    );
    expect(screen.getByText('Nøgle', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'stadion',
    );
    expect(screen.getByText('Pladser', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '12',
    );
    const categories = screen.getByRole('table', { name: 'Kategorier' });
    expect(within(categories).getByRole('row', { name: /VIP/ })).toHaveTextContent(
      'VIPvip#c62828Nej6',
    );
    expect(within(categories).getByRole('row', { name: /Standard/ })).toHaveTextContent('6');
    const map = screen.getByRole('listbox', { name: 'Stadion' });
    expect(within(map).getAllByRole('option')).toHaveLength(12);
    expect(
      within(map).getByRole('option', {
        name: 'Plads N1-1, Tribune Nord, ikke til salg, kørestolsplads',
      }),
    ).toBeInTheDocument();
    expect(
      within(map).getByRole('option', { name: 'Plads N2-6, Tribune Nord, ledig' }),
    ).toBeInTheDocument();
    // There is nothing to save: a saved chart is shown, not edited.
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
  });

  it("says 'Ikke fundet' for a chart that is not the club's", async () => {
    serveSeatCharts();
    renderApp('/events/seat-charts/chart-9');
    expect(await screen.findByText('Ikke fundet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage' })).toHaveAttribute(
      'href',
      '/events/seat-charts',
    );
  });
});
