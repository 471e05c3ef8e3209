import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { readEvents, refusal, serveSeatCharts } from './seatChartFixtures';

const CONFIRM_DELETE = 'Er du sikker på, at du vil slette pladskortet Stadion?';

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
    // There is nothing to save here: a saved chart is edited at its own address.
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

  it("offers 'Rediger', which opens the chart in the designer", async () => {
    serveSeatCharts();
    const { router } = renderApp('/events/seat-charts/chart-1');
    const edit = await screen.findByRole('link', { name: 'Rediger' });
    expect(edit).toHaveAttribute('href', '/events/seat-charts/chart-1/edit');
    await userEvent.click(edit);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/events/seat-charts/chart-1/edit'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rediger pladskort' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Navn')).toHaveValue('Stadion'));
  });

  it('deletes the chart once confirmed and goes back to the list without it', async () => {
    const { deleted } = serveSeatCharts();
    const { router } = renderApp('/events/seat-charts');
    await userEvent.click(await screen.findByRole('link', { name: 'Vis Stadion' }));
    await screen.findByRole('heading', { level: 1, name: 'Stadion' });

    // 'Fortryd' keeps it.
    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    expect(await screen.findByText(CONFIRM_DELETE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    await waitFor(() => expect(screen.queryByText(CONFIRM_DELETE)).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    await screen.findByText(CONFIRM_DELETE);
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Pladskortet er slettet')).toBeInTheDocument();
    expect(deleted).toEqual(['chart-1']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/seat-charts'));
    const list = await screen.findByRole('table', { name: 'Pladskort' });
    await waitFor(() =>
      expect(within(list).queryByRole('row', { name: /Stadion/ })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('row', { name: /Lille sal/ })).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a chart in use and stays", async () => {
    const inUse = 'Kortet bruges af Derby mod Brøndby og kan ikke slettes';
    const { deleted } = serveSeatCharts({ onDelete: () => refusal(inUse) });
    const { router } = renderApp('/events/seat-charts/chart-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Slet' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    expect(deleted).toEqual([]);
    expect(router.state.location.pathname).toBe('/events/seat-charts/chart-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Stadion' })).toBeInTheDocument();
  });

  it("offers neither 'Rediger' nor 'Slet' to those who may only read the events module", async () => {
    serveSeatCharts({ acl: [readEvents] });
    renderApp('/events/seat-charts/chart-1');
    await screen.findByRole('heading', { level: 1, name: 'Stadion' });
    expect(screen.getByRole('link', { name: 'Tilbage' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rediger' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slet' })).not.toBeInTheDocument();
  });
});
