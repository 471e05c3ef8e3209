import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { EventSeat, SeatOverview } from '../../api/generated/seats';
import { renderShared } from '../../test/renderShared';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { OrderLine } from '../orderLines/types';
import { AREA, stadiumWithArea } from '../seats/seatFixtures';
import { SeatingDialog, type SeatingDialogProps } from './SeatingDialog';
import { CUP, LEAGUE, serveSeating, type SeatingServer } from './seatingFixtures';
import { seatLineOf } from './seatingLines';

function seatLine(id: string, label: string, event = LEAGUE): OrderLine {
  const seat = stadiumWithArea().seats.find((candidate) => candidate.label === label);
  if (!seat) throw new Error(label);
  const product = {
    id: 'p-a',
    title: 'Pladsbillet A',
    sku: null,
    price: 20_000,
    prePayment: false,
    vatExempt: false,
  };
  return {
    ...seatLineOf(product, seat, { ...event, startDate: '2099-04-12T13:00:00Z', endDate: null }),
    id,
  };
}

/** The matches on the stadium with its standing area Ståpladser; `states` as in `serveSeating`. */
function serveStandingArea(states: SeatingServer['states'] = {}) {
  const chart = stadiumWithArea();
  server.use(
    http.get('/api/seats/events/:id', ({ params }) => {
      const marked = new Map((states[String(params.id)] ?? []).map((seat) => [seat.label, seat]));
      const overview: SeatOverview = {
        chart,
        states: chart.seats.map(
          (seat): EventSeat => marked.get(seat.label) ?? { label: seat.label, state: 'free' },
        ),
        sections: [],
      };
      return HttpResponse.json({ success: true, result: overview });
    }),
  );
}

function renderDialog(
  props: Partial<SeatingDialogProps> = {},
  given: SeatingServer & { standingArea?: boolean } = {},
) {
  server.use(...staffSession());
  const calls = serveSeating(given);
  // Handlers used later answer first.
  if (given.standingArea) serveStandingArea(given.states);
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderShared(
    <SeatingDialog
      visible
      lines={[]}
      bookingNote={null}
      onSave={onSave}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { calls, onSave, onCancel };
}

/** The select's list (the seat map is a listbox too). */
const panel = () =>
  screen
    .queryAllByRole('listbox', { hidden: true })
    .find((list) => !list.getAttribute('aria-label')?.startsWith('Pladser'));

/** The options of the 'Arrangement' select (jsdom cannot measure its overlay: the keyboard opens it). */
async function eventOptions(): Promise<HTMLElement[]> {
  screen.getByLabelText('Arrangement').focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(panel()).toBeDefined());
  return within(panel() as HTMLElement).getAllByRole('option', { hidden: true });
}

async function chooseEvent(option: string) {
  const options = await eventOptions();
  const wanted = options.find((candidate) => candidate.textContent === option);
  if (!wanted) throw new Error(`no event ${option}`);
  await userEvent.click(wanted);
}

const seat = (label: string, state: string) =>
  screen.findByRole('option', { name: new RegExp(`^Plads ${label}, Tribune Nord, ${state}`) });

/** The chosen seats at an event: each as 'seat product price'. */
function seatsAt(event: string): string[] {
  const list = screen.queryByRole('list', { name: event });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) =>
      [...item.children]
        .slice(0, 3)
        .map((part) => part.textContent?.replace(/\s+/g, ' ').trim())
        .join(' '),
    );
}

/** The standing area's block on the map, named by its counts ('…, 4 ledige pladser, du har 2'). */
const area = (counts: string) =>
  screen.findByRole('option', { name: `${AREA}, ståområde, ${counts}` });

const booked = (...labels: string[]): EventSeat[] =>
  labels.map((label) => ({ label, state: 'booked', note: '#1002' }));

const saved = (onSave: ReturnType<typeof vi.fn>) =>
  (onSave.mock.calls[0]?.[0] as OrderLine[]).map((line) => [line.seatEvent, line.seat]);

describe('the seating dialog', () => {
  it('adds a seat-ticket line for a free seat of the first coming event, and removes it again', async () => {
    const { calls, onSave } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Pladser' });
    expect(
      await within(dialog).findByRole('listbox', { name: 'Pladser til Ligakamp' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Fra')).toHaveValue(
      new Date().toLocaleDateString('sv-SE'),
    );
    expect(within(dialog).getByLabelText('Til')).toHaveValue('');
    expect(within(dialog).getByText('Ingen pladser valgt.')).toBeInTheDocument();

    await userEvent.click(await seat('N1-3', 'ledig'));
    expect(await seat('N1-3', 'valgt')).toHaveAttribute('aria-selected', 'true');
    expect(seatsAt('Ligakamp')).toEqual(['N1-3 Pladsbillet A DKK 200,00']);
    expect(calls.products).toEqual([{ chartId: 'stadion', category: 'a' }]);
    // Kopier and Flyt need another event.
    expect(
      screen.getByRole('button', { name: 'Kopier N1-3 fra Ligakamp til det valgte arrangement' }),
    ).toBeDisabled();

    // A chosen seat clicked is given back.
    await userEvent.click(await seat('N1-3', 'valgt'));
    expect(await seat('N1-3', 'ledig')).toHaveAttribute('aria-selected', 'false');
    expect(seatsAt('Ligakamp')).toEqual([]);

    await userEvent.click(await seat('N1-2', 'ledig'));
    await seat('N1-2', 'valgt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({
        productId: 'p-a',
        title: 'Pladsbillet A',
        type: 'seat-ticket',
        price: 20_000,
        discount: 0,
        amount: 1,
        seat: 'N1-2',
        seatEvent: 'Ligakamp',
        seatEventId: 'ev-1',
        seatCategoryId: 'a',
      }),
    ]);
  });

  it("offers only the period's events with seating", async () => {
    renderDialog();
    await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
    expect((await eventOptions()).map((option) => option.textContent)).toEqual([
      LEAGUE.option,
      CUP.option,
    ]);
    await userEvent.keyboard('{Escape}');

    // 'Til' before the cup leaves the league match.
    await userEvent.type(screen.getByLabelText('Til'), '2099-04-30');
    expect((await eventOptions()).map((option) => option.textContent)).toEqual([LEAGUE.option]);
    await userEvent.keyboard('{Escape}');
  });

  it('copies and moves seats to the chosen event when they are free there; the cross removes', async () => {
    const { onSave } = renderDialog(
      {
        lines: [seatLine('l-3', 'N1-3'), seatLine('l-4', 'N1-4'), seatLine('l-5', 'N1-5')],
      },
      { states: { [CUP.id]: [{ label: 'N1-4', state: 'booked', note: '#1002' }] } },
    );
    await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
    for (const label of ['N1-3', 'N1-4', 'N1-5']) await seat(label, 'valgt');

    await chooseEvent(CUP.option);
    await screen.findByRole('listbox', { name: 'Pladser til Pokalkamp' });
    expect(await seat('N1-3', 'ledig')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Kopier N1-3 fra Ligakamp til det valgte arrangement' }),
    );
    expect(await seat('N1-3', 'valgt')).toBeInTheDocument();
    expect(seatsAt('Pokalkamp')).toEqual(['N1-3 Pladsbillet A DKK 200,00']);
    expect(seatsAt('Ligakamp')).toHaveLength(3);

    // N1-4 is sold to another order at the cup.
    await userEvent.click(
      screen.getByRole('button', { name: 'Flyt N1-4 fra Ligakamp til det valgte arrangement' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pladsen N1-4 er ikke ledig til Pokalkamp',
    );
    expect(seatsAt('Ligakamp')).toHaveLength(3);

    await userEvent.click(
      screen.getByRole('button', { name: 'Flyt N1-5 fra Ligakamp til det valgte arrangement' }),
    );
    expect(await seat('N1-5', 'valgt')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seatsAt('Ligakamp').map((text) => text.split(' ')[0])).toEqual(['N1-3', 'N1-4']);
    expect(seatsAt('Pokalkamp').map((text) => text.split(' ')[0])).toEqual(['N1-5', 'N1-3']);
    expect(
      screen.getByRole('button', { name: 'Flyt N1-5 fra Pokalkamp til det valgte arrangement' }),
    ).toBeDisabled();

    // The red cross removes the copy and gives its seat back on the chart.
    await userEvent.click(screen.getByRole('button', { name: 'Fjern N1-3 til Pokalkamp' }));
    expect(await seat('N1-3', 'ledig')).toBeInTheDocument();
    expect(seatsAt('Pokalkamp').map((text) => text.split(' ')[0])).toEqual(['N1-5']);

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(saved(onSave)).toEqual([
      ['Ligakamp', 'N1-3'],
      ['Ligakamp', 'N1-4'],
      ['Pokalkamp', 'N1-5'],
    ]);
  });

  it('asks which product when several sell the category, and says when none does', async () => {
    const { onSave } = renderDialog({}, { products: { b: [] } });
    await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
    await userEvent.click(await seat('N2-1', 'ledig'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ingen pladsbillet sælger denne kategori',
    );
    expect(seatsAt('Ligakamp')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('chooses among several products in the seating-product modal', async () => {
    const { onSave } = renderDialog();
    await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
    await userEvent.click(await seat('N2-1', 'ledig'));
    const choose = await screen.findByRole('dialog', { name: 'Vælg produkt' });
    expect(within(choose).getByText(/Flere pladsbilletter sælger pladsen N2-1/)).toBeVisible();
    expect(
      within(choose).getByRole('button', { name: /^Voksen B \(DKK\s150,00\)$/ }),
    ).toBeEnabled();
    await userEvent.click(within(choose).getByRole('button', { name: /^Barn B \(DKK\s75,00\)$/ }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Vælg produkt' })).not.toBeInTheDocument(),
    );
    expect(seatsAt('Ligakamp')).toEqual(['N2-1 Barn B DKK 75,00']);

    // Closing the product modal adds nothing.
    await userEvent.click(await seat('N2-2', 'ledig'));
    const again = await screen.findByRole('dialog', { name: 'Vælg produkt' });
    await userEvent.click(within(again).getByRole('button', { name: 'Fortryd' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Vælg produkt' })).not.toBeInTheDocument(),
    );
    expect(seatsAt('Ligakamp')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ productId: 'p-barn', price: 7_500, seat: 'N2-1' }),
    ]);
  });

  it("shows this order's booked seats as chosen, frees those it dropped and keeps others' sold", async () => {
    const { onSave, onCancel } = renderDialog(
      { lines: [seatLine('l-1', 'N1-1')], bookingNote: '#1001' },
      {
        states: {
          [LEAGUE.id]: [
            { label: 'N1-1', state: 'booked', note: '#1001' },
            { label: 'N1-2', state: 'booked', note: '#1001' },
            { label: 'N1-3', state: 'booked', note: '#1002' },
          ],
        },
      },
    );
    await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
    expect(await seat('N1-1', 'valgt')).toHaveAttribute('aria-selected', 'true');
    expect(await seat('N1-2', 'ledig')).toBeInTheDocument();
    const sold = await seat('N1-3', 'solgt');
    expect(sold).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(sold);
    expect(seatsAt('Ligakamp')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
  describe('with a standing area', () => {
    it('adds a line for the first free place of the area clicked, one more each click', async () => {
      const { onSave } = renderDialog(
        {},
        { standingArea: true, states: { [LEAGUE.id]: booked('ST-1', 'ST-3') } },
      );
      await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });

      // Its category has two products: the place's is asked for, as for a seat.
      await userEvent.click(await area('4 ledige pladser'));
      const choose = await screen.findByRole('dialog', { name: 'Vælg produkt' });
      expect(within(choose).getByText(/Flere pladsbilletter sælger pladsen ST-2/)).toBeVisible();
      await userEvent.click(within(choose).getByRole('button', { name: /^Voksen B/ }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Vælg produkt' })).not.toBeInTheDocument(),
      );
      expect(seatsAt('Ligakamp')).toEqual(['ST-2 Voksen B DKK 150,00']);

      // The next click takes the next free place (ST-3 is sold).
      await userEvent.click(await area('3 ledige pladser, du har 1'));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Vælg produkt' })).getByRole('button', {
          name: /^Barn B/,
        }),
      );
      expect(await area('2 ledige pladser, du har 2')).toHaveAttribute('aria-selected', 'true');
      expect(seatsAt('Ligakamp')).toEqual(['ST-2 Voksen B DKK 150,00', 'ST-4 Barn B DKK 75,00']);

      // The red cross gives a place back.
      await userEvent.click(screen.getByRole('button', { name: 'Fjern ST-2 til Ligakamp' }));
      expect(await area('3 ledige pladser, du har 1')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(saved(onSave)).toEqual([['Ligakamp', 'ST-4']]);
    });

    it('says so when the area clicked has no free place left', async () => {
      const { onSave } = renderDialog(
        { lines: [seatLine('l-1', 'ST-1')] },
        {
          standingArea: true,
          states: {
            [LEAGUE.id]: booked('ST-2', 'ST-3', 'ST-4', 'ST-5', 'ST-6'),
            [CUP.id]: booked('ST-1', 'ST-2', 'ST-3', 'ST-4', 'ST-5', 'ST-6'),
          },
        },
      );
      await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
      await userEvent.click(await area('0 ledige pladser, du har 1'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Der er ikke flere ledige pladser i Ståpladser',
      );
      expect(seatsAt('Ligakamp')).toHaveLength(1);

      // A sold-out area that holds none of the lines' places cannot be clicked.
      await chooseEvent(CUP.option);
      await screen.findByRole('listbox', { name: 'Pladser til Pokalkamp' });
      expect(await area('0 ledige pladser')).toHaveAttribute('aria-disabled', 'true');

      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(saved(onSave)).toEqual([['Ligakamp', 'ST-1']]);
    });

    it("copies and moves a line's place to any free place of the area at the chosen event", async () => {
      const { onSave } = renderDialog(
        { lines: [seatLine('l-1', 'ST-1'), seatLine('l-2', 'ST-2')] },
        { standingArea: true, states: { [CUP.id]: booked('ST-1', 'ST-2', 'ST-3', 'ST-4') } },
      );
      await screen.findByRole('listbox', { name: 'Pladser til Ligakamp' });
      await chooseEvent(CUP.option);
      await screen.findByRole('listbox', { name: 'Pladser til Pokalkamp' });
      expect(await area('2 ledige pladser')).toBeInTheDocument();

      // ST-1 and ST-2 are sold at the cup: the area's free places are taken instead.
      await userEvent.click(
        screen.getByRole('button', { name: 'Kopier ST-1 fra Ligakamp til det valgte arrangement' }),
      );
      expect(await area('1 ledig plads, du har 1')).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Flyt ST-2 fra Ligakamp til det valgte arrangement' }),
      );
      expect(await area('0 ledige pladser, du har 2')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(seatsAt('Ligakamp').map((text) => text.split(' ')[0])).toEqual(['ST-1']);
      expect(seatsAt('Pokalkamp').map((text) => text.split(' ')[0])).toEqual(['ST-6', 'ST-5']);

      // The area is full now.
      await userEvent.click(
        screen.getByRole('button', { name: 'Kopier ST-1 fra Ligakamp til det valgte arrangement' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Der er ikke flere ledige pladser i Ståpladser',
      );
      expect(seatsAt('Pokalkamp')).toHaveLength(2);

      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(saved(onSave)).toEqual([
        ['Ligakamp', 'ST-1'],
        ['Pokalkamp', 'ST-6'],
        ['Pokalkamp', 'ST-5'],
      ]);
    });
  });
});
