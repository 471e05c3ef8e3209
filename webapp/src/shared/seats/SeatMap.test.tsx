import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AREA, stadium, stadiumWithArea } from './seatFixtures';
import { nearestSeat, openingSectionOf, SeatMap } from './SeatMap';
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

  it('draws a standing area as one block with its free places, chosen by click or keys', async () => {
    const states = new Map<string, SeatMapState>([
      ['ST-1', 'mine'],
      ['ST-2', 'mine'],
      ['ST-6', 'booked'],
    ]);
    const onAreaClick = vi.fn();
    const onToggle = vi.fn();
    render(
      <SeatMap
        chart={stadiumWithArea()}
        states={states}
        mode="pick"
        categories={['b']}
        onToggle={onToggle}
        onAreaClick={onAreaClick}
      />,
    );
    // Twelve seats and one block: the area's six places are not options of their own.
    expect(screen.getAllByRole('option')).toHaveLength(13);
    expect(screen.queryByRole('option', { name: /ST-/ })).not.toBeInTheDocument();
    const area = screen.getByRole('option', {
      name: 'Ståpladser, ståområde, 3 ledige pladser, du har 2',
    });
    expect(area).toHaveAttribute('aria-selected', 'true');
    expect(within(area).getByText('3 ledige')).toBeInTheDocument();
    expect(within(area).getByText('Du har 2')).toBeInTheDocument();
    expect(screen.getAllByText(AREA)).toHaveLength(1);

    await userEvent.click(area);
    expect(onAreaClick).toHaveBeenCalledWith(AREA);
    expect(onToggle).not.toHaveBeenCalled();

    // The keys reach it as a seat: up to row N2, down to the block again, Space chooses it.
    onAreaClick.mockClear();
    const map = screen.getByRole('listbox', { name: 'Pladser' });
    act(() => map.focus());
    expect(map).toHaveAttribute('aria-activedescendant', area.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(map).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /^Plads N2-3,/ }).id,
    );
    await userEvent.keyboard('{ArrowDown} ');
    expect(map).toHaveAttribute('aria-activedescendant', area.id);
    expect(onAreaClick).toHaveBeenCalledWith(AREA);
  });

  it('draws an area it cannot pick from in grey, and only draws it without onAreaClick', async () => {
    const onAreaClick = vi.fn();
    const { rerender } = render(
      <SeatMap
        chart={stadiumWithArea()}
        states={new Map()}
        mode="pick"
        categories={['a']}
        onAreaClick={onAreaClick}
      />,
    );
    const other = screen.getByRole('option', {
      name: 'Ståpladser, ståområde, ikke til denne billet',
    });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    expect(within(other).getByText('Ikke til denne billet')).toBeInTheDocument();
    expect(other.querySelector('rect')).toHaveAttribute('fill', '#d1d5db');
    await userEvent.click(other);
    expect(onAreaClick).not.toHaveBeenCalled();

    rerender(<SeatMap chart={stadiumWithArea()} states={new Map()} mode="pick" />);
    const drawn = screen.getByRole('option', { name: 'Ståpladser, ståområde, 6 ledige pladser' });
    expect(drawn).toHaveAttribute('aria-disabled', 'true');
    expect(drawn.querySelector('rect')).toHaveAttribute('fill', '#43a047');
  });

  it('shows the counts of a standing area by state in the overview', async () => {
    const states = new Map<string, SeatMapState>([
      ['ST-1', 'booked'],
      ['ST-2', 'booked'],
      ['ST-3', 'held'],
    ]);
    const onAreaClick = vi.fn();
    render(
      <SeatMap
        chart={stadiumWithArea()}
        states={states}
        mode="overview"
        onAreaClick={onAreaClick}
      />,
    );
    const area = screen.getByRole('option', {
      name: 'Ståpladser, ståområde, Holdt af en anden 1, Solgt 2, Ledig 3',
    });
    expect(within(area).getByText('Holdt af en anden 1 · Solgt 2 · Ledig 3')).toBeInTheDocument();
    await userEvent.click(area);
    expect(onAreaClick).toHaveBeenCalledWith(AREA);

    // The section counts and the legend count the area's places.
    const counts = screen.getByRole('table', { name: 'Pladser pr. sektion' });
    expect(
      within(within(counts).getByRole('row', { name: /Ståpladser/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '2', '6']);
    const legend = screen.getByRole('list', { name: 'Signaturforklaring' });
    expect(within(legend).getByText('Ledig').parentElement).toHaveTextContent('Ledig15');
  });

  it('finds the nearest seat in a direction', () => {
    const seats = stadium().seats;
    const index = (label: string) => seats.findIndex((seat) => seat.label === label);
    expect(nearestSeat(seats, index('N1-3'), 1, 0)).toBe(index('N1-4'));
    expect(nearestSeat(seats, index('N1-3'), 0, 1)).toBe(index('N2-3'));
    expect(nearestSeat(seats, index('N1-1'), -1, 0)).toBeNull();
  });

  it("opens a phone's picker on the section of a picked seat, else on the one with most seats to pick", () => {
    const chart = stadium();
    // Row N2 is a section of its own, Tribune Syd, one row lower.
    chart.seats = chart.seats.map((seat) =>
      seat.row === 'N2' ? { ...seat, section: 'Tribune Syd' } : seat,
    );
    const sold = (labels: string[]) =>
      new Map<string, SeatMapState>(labels.map((label) => [label, 'booked']));

    expect(openingSectionOf(chart.seats, sold(['N1-1', 'N1-2']), undefined)).toEqual({
      section: 'Tribune Syd',
      x: 3.5,
      y: 1,
    });
    expect(openingSectionOf(chart.seats, sold(['N2-1', 'N2-2']), undefined)?.section).toBe(
      'Tribune Nord',
    );
    // Only category A may be picked: Tribune Nord, though Syd has more free seats.
    expect(openingSectionOf(chart.seats, sold(['N1-1']), ['a'])?.section).toBe('Tribune Nord');
    // A seat already picked wins.
    const mine = new Map<string, SeatMapState>([['N1-4', 'mine']]);
    expect(openingSectionOf(chart.seats, mine, ['b'])?.section).toBe('Tribune Nord');
    // Nothing to pick: the whole chart.
    expect(openingSectionOf(chart.seats, new Map(), ['c'])).toBeNull();
  });
});
