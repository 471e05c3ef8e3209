import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { AREA, HOLD_TOKEN, seatRefusal, serveSeats, stadiumWithArea } from './seatFixtures';
import { SeatPickerDialog, type SeatPickerDialogProps } from './SeatPickerDialog';

function renderPicker(props: Partial<SeatPickerDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderShared(
    <SeatPickerDialog
      visible
      eventId="ev-1"
      count={2}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

const seat = (name: string) => screen.findByRole('option', { name: new RegExp(`^Plads ${name},`) });
const standingArea = () => screen.findByRole('option', { name: /^Ståpladser, ståområde,/ });

describe('the seat picker', () => {
  it('holds a seat as it is picked, gives it back when unpicked, and confirms exactly the count', async () => {
    const calls = serveSeats();
    const { onConfirm } = renderPicker();

    const dialog = await screen.findByRole('dialog', { name: 'Vælg pladser' });
    const confirm = within(dialog).getByRole('button', { name: 'Bekræft pladser' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Vælg 2 pladser mere')).toBeInTheDocument();

    await userEvent.click(await seat('N1-3'));
    await waitFor(() => expect(calls.holds).toEqual([{ holdToken: HOLD_TOKEN, seats: ['N1-3'] }]));
    expect(
      await screen.findByRole('option', { name: 'Plads N1-3, Tribune Nord, valgt' }),
    ).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('Vælg 1 plads mere')).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    await userEvent.click(await seat('N1-4'));
    await waitFor(() => expect(calls.holds).toHaveLength(2));
    expect(await within(dialog).findByText('Alle 2 pladser er valgt')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());

    // A third seat is one too many; unpicking gives one back.
    await userEvent.click(await seat('N1-5'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Du kan kun vælge 2 pladser. Fravælg en plads først.',
    );
    expect(calls.holds).toHaveLength(2);
    await userEvent.click(await seat('N1-4'));
    await waitFor(() => expect(calls.releases).toEqual([{ holdToken: HOLD_TOKEN, seat: 'N1-4' }]));
    expect(
      await screen.findByRole('option', { name: 'Plads N1-4, Tribune Nord, ledig' }),
    ).toHaveAttribute('aria-selected', 'false');
    expect(confirm).toBeDisabled();

    await userEvent.click(await seat('N1-2'));
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(
      [
        {
          label: 'N1-2',
          section: 'Tribune Nord',
          row: 'N1',
          seatNumber: '2',
          color: '#1e88e5',
          categoryKey: 'a',
        },
        {
          label: 'N1-3',
          section: 'Tribune Nord',
          row: 'N1',
          seatNumber: '3',
          color: '#1e88e5',
          categoryKey: 'a',
        },
      ],
      HOLD_TOKEN,
    );
  });

  it('shows how long the seats are held', async () => {
    serveSeats({ minutes: 10 });
    renderPicker();
    expect(await screen.findByRole('timer')).toHaveTextContent(
      /^Pladserne holdes i (10:00|09:5\d)$/,
    );
  });

  it('refuses a seat that leaves a single empty seat, without asking the server', async () => {
    const calls = serveSeats({ states: { 'N1-1': 'booked' } });
    renderPicker();
    // N1-3 would leave N1-2 alone between the sold N1-1 and it.
    await userEvent.click(await seat('N1-3'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Valget efterlader en enkelt tom plads. Vælg pladser, der ikke efterlader en enkelt plads alene.',
    );
    expect(screen.getByRole('option', { name: 'Plads N1-3, Tribune Nord, ledig' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(calls.holds).toEqual([]);
    // N1-2 next to the sold seat leaves none.
    await userEvent.click(await seat('N1-2'));
    await waitFor(() => expect(calls.holds).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the seat unpicked", async () => {
    const calls = serveSeats({
      hold: () => seatRefusal('Pladsen N1-4 er ikke længere ledig'),
    });
    renderPicker();
    await userEvent.click(await seat('N1-4'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pladsen N1-4 er ikke længere ledig',
    );
    expect(calls.holds).toHaveLength(1);
    expect(
      await screen.findByRole('option', { name: 'Plads N1-4, Tribune Nord, ledig' }),
    ).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Vælg 2 pladser mere')).toBeInTheDocument();
  });

  it("says 'Kunne ikke indlæse pladsvælgeren!' when the map cannot be had", async () => {
    serveSeats({ mapFails: true });
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent('Kunne ikke indlæse pladsvælgeren!');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks with the keyboard: the arrows move to the nearest seat, Enter picks it', async () => {
    const calls = serveSeats();
    renderPicker({ count: 1, categories: ['b'] });
    const map = await screen.findByRole('listbox', { name: 'Pladser' });
    act(() => map.focus());
    // The first seat that may be picked takes the focus: N2-1.
    expect(map).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Plads N2-1, Tribune Nord, ledig' }).id,
    );
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(map).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Plads N2-3, Tribune Nord, ledig' }).id,
    );
    await userEvent.keyboard('{ArrowUp}');
    expect(map).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /^Plads N1-3,/ }).id,
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(calls.holds).toEqual([{ holdToken: HOLD_TOKEN, seats: ['N2-3'] }]));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(calls.releases).toEqual([{ holdToken: HOLD_TOKEN, seat: 'N2-3' }]));

    // Row N1 is category A: not for this ticket.
    const other = screen.getByRole('option', {
      name: 'Plads N1-2, Tribune Nord, ikke til denne billet',
    });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(other);
    await userEvent.keyboard('{Enter}');
    expect(calls.holds).toHaveLength(1);
  });

  it('keeps what the session held when it opens again, and gives back on cancel what was picked since', async () => {
    const calls = serveSeats({ held: { 'hold-old': ['N1-3'] } });
    const { onCancel, onConfirm } = renderPicker({ holdToken: 'hold-old', seats: ['N1-3'] });
    expect(
      await screen.findByRole('option', { name: 'Plads N1-3, Tribune Nord, valgt' }),
    ).toHaveAttribute('aria-selected', 'true');
    expect(calls.extended).toEqual(['hold-old']);
    expect(calls.tokens).toBe(0);

    await userEvent.click(await seat('N1-4'));
    await waitFor(() => expect(calls.holds).toEqual([{ holdToken: 'hold-old', seats: ['N1-4'] }]));
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(calls.releases).toEqual([{ holdToken: 'hold-old', seat: 'N1-4' }]));
  });

  it('says so when the session ran out, clears the picked seats and starts a new session', async () => {
    const calls = serveSeats({ held: { 'hold-old': ['N1-3'] }, expired: ['hold-old'] });
    renderPicker({ holdToken: 'hold-old', seats: ['N1-3'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Din reservation af pladser er udløbet. Vælg pladserne igen.',
    );
    await waitFor(() => expect(calls.tokens).toBe(1));
    expect(
      await screen.findByRole('option', { name: 'Plads N1-3, Tribune Nord, ledig' }),
    ).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Vælg 2 pladser mere')).toBeInTheDocument();
    await userEvent.click(await seat('N1-4'));
    await waitFor(() => expect(calls.holds).toEqual([{ holdToken: HOLD_TOKEN, seats: ['N1-4'] }]));
  });

  it('takes places in a standing area one at a time, gives back the latest, and confirms them', async () => {
    const calls = serveSeats({ chart: stadiumWithArea() });
    const { onConfirm } = renderPicker({ count: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'Vælg pladser' });

    await userEvent.click(await standingArea());
    const panel = within(dialog).getByRole('region', { name: AREA });
    expect(within(panel).getByText('Du har 0 pladser her')).toBeInTheDocument();
    const fewer = within(panel).getByRole('button', { name: 'Færre pladser i Ståpladser' });
    const more = within(panel).getByRole('button', { name: 'Flere pladser i Ståpladser' });
    expect(fewer).toBeDisabled();

    await userEvent.click(more);
    await waitFor(() =>
      expect(calls.holds).toEqual([
        { holdToken: HOLD_TOKEN, seats: [], areas: [{ section: AREA, count: 1 }] },
      ]),
    );
    expect(await within(panel).findByText('Du har 1 plads her')).toBeInTheDocument();
    expect(within(dialog).getByText('Vælg 2 pladser mere')).toBeInTheDocument();
    await userEvent.click(more);
    await waitFor(() => expect(calls.holds).toHaveLength(2));
    expect(
      await screen.findByRole('option', {
        name: 'Ståpladser, ståområde, 4 ledige pladser, du har 2',
      }),
    ).toHaveAttribute('aria-selected', 'true');

    // The line's count reached, '+' waits; '−' gives back the place held last.
    await userEvent.click(await seat('N1-3'));
    await waitFor(() => expect(more).toBeDisabled());
    await userEvent.click(fewer);
    await waitFor(() => expect(calls.releases).toEqual([{ holdToken: HOLD_TOKEN, seat: 'ST-2' }]));
    expect(await within(panel).findByText('Du har 1 plads her')).toBeInTheDocument();
    await waitFor(() => expect(more).toBeEnabled());
    await userEvent.click(more);
    await waitFor(() => expect(calls.holds).toHaveLength(4));

    const confirm = within(dialog).getByRole('button', { name: 'Bekræft pladser' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    const confirmed = onConfirm.mock.calls[0] as [{ label: string; section: string }[], string];
    expect(confirmed[0].map((picked) => [picked.label, picked.section])).toEqual([
      ['N1-3', 'Tribune Nord'],
      ['ST-1', AREA],
      ['ST-2', AREA],
    ]);
    expect(confirmed[1]).toBe(HOLD_TOKEN);
  });

  it("shows the server's refusal of places in a standing area", async () => {
    const calls = serveSeats({
      chart: stadiumWithArea(),
      hold: (_seats, areas) =>
        areas.length > 0
          ? seatRefusal('Der er kun 2 ledige pladser i Ståpladser', 'areas')
          : undefined,
    });
    renderPicker();
    await userEvent.click(await standingArea());
    await userEvent.click(screen.getByRole('button', { name: 'Flere pladser i Ståpladser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der er kun 2 ledige pladser i Ståpladser',
    );
    expect(calls.holds).toHaveLength(1);
    expect(
      await screen.findByRole('option', { name: 'Ståpladser, ståområde, 6 ledige pladser' }),
    ).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Du har 0 pladser her')).toBeInTheDocument();
    expect(screen.getByText('Vælg 2 pladser mere')).toBeInTheDocument();
  });

  it('gives back the places a session has in a full standing area, but takes none there', async () => {
    const calls = serveSeats({
      chart: stadiumWithArea(),
      held: { 'hold-old': ['ST-1'] },
      states: { 'ST-2': 'booked', 'ST-3': 'booked', 'ST-4': 'booked', 'ST-5': 'booked' },
    });
    renderPicker({ holdToken: 'hold-old', seats: ['ST-1'] });
    const area = await screen.findByRole('option', {
      name: 'Ståpladser, ståområde, 1 ledig plads, du har 1',
    });
    await userEvent.click(area);
    const panel = screen.getByRole('region', { name: AREA });
    expect(within(panel).getByText('1 ledig')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Flere pladser i Ståpladser' }));
    await waitFor(() => expect(calls.holds).toHaveLength(1));
    const more = screen.getByRole('button', { name: 'Flere pladser i Ståpladser' });
    await waitFor(() => expect(more).toBeDisabled());
    // Grey, with none left to take, and still open to give back.
    const full = await screen.findByRole('option', {
      name: 'Ståpladser, ståområde, 0 ledige pladser, du har 2',
    });
    expect(full).not.toHaveAttribute('aria-disabled');
    expect(full.querySelector('rect')).toHaveAttribute('fill', '#d1d5db');

    await userEvent.click(screen.getByRole('button', { name: 'Færre pladser i Ståpladser' }));
    await waitFor(() => expect(calls.releases).toEqual([{ holdToken: 'hold-old', seat: 'ST-6' }]));
    expect(await within(panel).findByText('Du har 1 plads her')).toBeInTheDocument();
  });
});
