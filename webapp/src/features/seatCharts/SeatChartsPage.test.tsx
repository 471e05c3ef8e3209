import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { serveSeatCharts } from './seatChartFixtures';

describe('the seat charts list', () => {
  it("lists the charts with Navn, Nøgle, Pladser and offers 'Opret pladskort'", async () => {
    serveSeatCharts();
    renderApp('/events/seat-charts');
    const table = await screen.findByRole('table', { name: 'Pladskort' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Navn', 'Nøgle', 'Pladser', 'Handlinger']);
    const stadium = await within(table).findByRole('row', { name: /Stadion/ });
    expect(
      within(stadium)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Stadion', 'stadion', '12']);
    expect(within(table).getByRole('row', { name: /Lille sal/ })).toHaveTextContent('40');
    expect(screen.getByRole('link', { name: 'Vis Stadion' })).toHaveAttribute(
      'href',
      '/events/seat-charts/chart-1',
    );
    expect(screen.getByRole('link', { name: 'Opret pladskort' })).toHaveAttribute(
      'href',
      '/events/seat-charts/create',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Undermenu' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Arrangementer', 'Typer', 'Pladskort']);
  });

  it('opens the designer from the create link', async () => {
    serveSeatCharts();
    const { router } = renderApp('/events/seat-charts');
    await userEvent.click(await screen.findByRole('link', { name: 'Opret pladskort' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret pladskort' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/seat-charts/create');
    expect(screen.getByText('Tilføj en sektion med rækker for at se pladskortet.')).toBeVisible();
  });
});
