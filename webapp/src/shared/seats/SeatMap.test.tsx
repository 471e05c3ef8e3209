import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stadium } from './seatFixtures';
import { nearestSeat, SeatMap } from './SeatMap';
import type { SeatMapState } from './seatModel';

describe('the seat map', () => {
  it('colours every state in the overview, with a legend, counts per section and clicks', async () => {
    const chart = stadium();
    chart.seats = chart.seats.map((seat) =>
      seat.row === 'N2' ? { ...seat, section: 'Tribune Syd' } : seat,
    );
    const states = new Map<string, SeatMapState>([
      ['N1-1', 'booked'],
      ['N1-2', 'booked'],
      ['N1-3', 'held'],
      ['N2-1', 'reserved'],
      ['N2-2', 'channel'],
    ]);
    const onSeatClick = vi.fn();
    render(<SeatMap chart={chart} states={states} mode="overview" onSeatClick={onSeatClick} />);

    const legend = screen.getByRole('list', { name: 'Signaturforklaring' });
    expect(within(legend).getByText('Solgt').parentElement).toHaveTextContent('Solgt2');
    expect(within(legend).getByText('Ledig').parentElement).toHaveTextContent('Ledig7');
    expect(within(legend).getByText('Salgskanal').parentElement).toHaveTextContent('Salgskanal1');
    expect(within(legend).getByText('Kørestolsplads')).toBeInTheDocument();

    const counts = screen.getByRole('table', { name: 'Pladser pr. sektion' });
    // The columns: Ledig, Holdt af en anden, Solgt, Reserveret, Salgskanal, I alt.
    expect(
      within(within(counts).getByRole('row', { name: /Tribune Nord/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '2', '0', '0', '6']);
    expect(within(counts).getByRole('columnheader', { name: 'Reserveret' })).toBeInTheDocument();
    expect(within(counts).queryByRole('columnheader', { name: 'Valgt' })).not.toBeInTheDocument();

    expect(
      screen.getByRole('option', { name: 'Plads N1-1, Tribune Nord, solgt, kørestolsplads' }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('option', { name: 'Plads N2-2, Tribune Syd, salgskanal' }),
    );
    expect(onSeatClick).toHaveBeenCalledWith(expect.objectContaining({ label: 'N2-2' }), 'channel');
  });

  it('shows the categories with their prices when picking, and zooms with the buttons', async () => {
    render(
      <SeatMap chart={stadium()} states={new Map()} mode="pick" prices={{ a: 25000, b: 15000 }} />,
    );
    const legend = screen.getByRole('list', { name: 'Signaturforklaring' });
    expect(within(legend).getByText('Kategori A').parentElement).toHaveTextContent('250,00');
    expect(within(legend).getByText('Kategori B').parentElement).toHaveTextContent('150,00');

    const zoomIn = screen.getByRole('button', { name: 'Zoom ind' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom ud' });
    const reset = screen.getByRole('button', { name: 'Nulstil visning' });
    expect(zoomOut).toBeDisabled();
    expect(reset).toBeDisabled();
    await userEvent.click(zoomIn);
    expect(zoomOut).toBeEnabled();
    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    expect(reset).toBeDisabled();
  });

  it('finds the nearest seat in a direction', () => {
    const seats = stadium().seats;
    const index = (label: string) => seats.findIndex((seat) => seat.label === label);
    expect(nearestSeat(seats, index('N1-3'), 1, 0)).toBe(index('N1-4'));
    expect(nearestSeat(seats, index('N1-3'), 0, 1)).toBe(index('N2-3'));
    expect(nearestSeat(seats, index('N1-1'), -1, 0)).toBeNull();
  });
});
