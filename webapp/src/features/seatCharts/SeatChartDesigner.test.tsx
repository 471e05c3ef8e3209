import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChartInput } from '../../api/generated/seats';
import { renderApp } from '../../test/renderApp';
import { fieldErrors, NEW_CHART_ID, serveSeatCharts } from './seatChartFixtures';

/** jsdom cannot measure PrimeReact's overlays: opens a select with the keyboard and picks. */
async function chooseOption(select: HTMLElement, option: string) {
  select.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

/** 'Tilføj sektion' and its name; the new section's group. */
async function addSection(name: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'Tilføj sektion' }));
  const sections = screen.getAllByRole('group', { name: /^Sektion \d+$/ });
  const section = sections[sections.length - 1] as HTMLElement;
  await userEvent.type(within(section).getByLabelText('Sektionens navn'), name);
  return section;
}

const row = (section: HTMLElement, number: number) =>
  within(section).getByRole('group', { name: `Række ${number}` });

const STANDING_AREA = 'Ståområde (ingen nummererede pladser)';

async function previewMap(): Promise<HTMLElement> {
  return screen.findByRole('listbox', { name: 'Forhåndsvisning af pladserne' });
}

describe('the seat chart designer', () => {
  it('builds two sections of rows, previews them, marks a seat not for sale and saves', async () => {
    const { previews, created } = serveSeatCharts();
    const { router } = renderApp('/events/seat-charts/create');
    await userEvent.type(await screen.findByLabelText('Navn'), 'Lille sal');

    await userEvent.click(screen.getByRole('button', { name: 'Tilføj kategori' }));
    const category = screen.getByRole('group', { name: 'Kategori 1' });
    await userEvent.type(within(category).getByLabelText('Nøgle'), 'parket');
    await userEvent.type(within(category).getByLabelText('Betegnelse'), 'Parket');
    fireEvent.change(within(category).getByLabelText('Farve'), { target: { value: '#c62828' } });

    // Nord: two rows of four seats from 'Tilføj rækker', named by the section's initial.
    const north = await addSection('Nord');
    await chooseOption(within(north).getByLabelText('Sektionens kategori'), 'Parket');
    const helper = within(north).getByRole('group', { name: 'Tilføj flere rækker til Sektion 1' });
    await replace(within(helper).getByLabelText('Antal rækker'), '2');
    await replace(within(helper).getByLabelText('Pladser pr. række'), '4');
    await userEvent.click(within(helper).getByRole('button', { name: 'Tilføj rækker' }));
    expect(within(row(north, 1)).getByLabelText('Række')).toHaveValue('N1');
    expect(within(row(north, 2)).getByLabelText('Række')).toHaveValue('N2');
    expect(within(row(north, 2)).getByLabelText('Pladser')).toHaveValue('4');

    // Syd: one row of three, numbered from the right, bent.
    const south = await addSection('Syd');
    await userEvent.click(
      within(south).getByRole('button', { name: 'Tilføj række til Sektion 2' }),
    );
    const back = row(south, 1);
    expect(within(back).getByLabelText('Række')).toHaveValue('S1');
    await replace(within(back).getByLabelText('Pladser'), '3');
    await chooseOption(within(back).getByLabelText('Nummerering'), 'Fra højre');
    await replace(within(back).getByLabelText('Bue'), '1,5');

    const map = await previewMap();
    await within(map).findByRole('option', { name: 'Plads S1-3, Syd, ledig' });
    expect(within(map).getAllByRole('option')).toHaveLength(11);
    await userEvent.click(within(map).getByRole('option', { name: 'Plads N1-2, Nord, ledig' }));
    const chosen = screen.getByRole('group', { name: 'Valgte pladser' });
    expect(chosen).toHaveTextContent('Valgt plads: N1-2');
    await userEvent.click(within(chosen).getByLabelText('Ikke til salg'));
    await userEvent.click(within(chosen).getByRole('button', { name: 'Fravælg pladser' }));
    expect(screen.queryByRole('group', { name: 'Valgte pladser' })).not.toBeInTheDocument();
    expect(
      within(map).getByRole('option', { name: 'Plads N1-2, Nord, ikke til salg' }),
    ).toBeInTheDocument();
    const marks = screen.getByRole('table', { name: 'Markerede pladser' });
    expect(
      within(within(marks).getByRole('row', { name: /N1-2/ }))
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['–', 'Nej', 'Nej']);

    const expected: ChartInput = {
      name: 'Lille sal',
      categories: [{ key: 'parket', label: 'Parket', color: '#c62828', accessible: false }],
      sections: [
        {
          name: 'Nord',
          categoryKey: 'parket',
          rows: ['N1', 'N2'].map((label) => ({
            label,
            seats: 4,
            numbering: 'leftToRight',
            categoryKey: null,
            curve: 0,
          })),
        },
        {
          name: 'Syd',
          categoryKey: null,
          rows: [
            { label: 'S1', seats: 3, numbering: 'rightToLeft', categoryKey: null, curve: 1.5 },
          ],
        },
      ],
      seats: [{ label: 'N1-2', categoryKey: null, accessible: false, forSale: false }],
    };
    // The preview follows the form, marks included.
    await waitFor(() => expect(previews.at(-1)).toEqual(expected));

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Pladskortet blev oprettet!')).toBeInTheDocument();
    expect(created).toEqual([expected]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/events/seat-charts/${NEW_CHART_ID}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Lille sal' })).toBeInTheDocument();
    const saved = screen.getByRole('listbox', { name: 'Lille sal' });
    expect(
      within(saved).getByRole('option', { name: 'Plads N1-2, Nord, ikke til salg' }),
    ).toBeInTheDocument();
    expect(within(saved).getAllByRole('option')).toHaveLength(11);
    expect(
      within(screen.getByRole('table', { name: 'Kategorier' })).getByRole('row', {
        name: /Parket/,
      }),
    ).toHaveTextContent('parket#c62828Nej8');
  });

  it('chooses the seats between two of a row with shift-click and marks them all', async () => {
    const { previews } = serveSeatCharts();
    renderApp('/events/seat-charts/create');
    await screen.findByLabelText('Navn');
    const north = await addSection('Nord');
    await userEvent.click(within(north).getByRole('button', { name: 'Tilføj rækker' }));
    const map = await previewMap();
    await within(map).findByRole('option', { name: 'Plads N5-10, Nord, ledig' });

    // One session of the keyboard and the mouse, so that the click sees Shift held.
    const user = userEvent.setup();
    await user.click(within(map).getByRole('option', { name: 'Plads N2-3, Nord, ledig' }));
    await user.keyboard('{Shift>}');
    await user.click(within(map).getByRole('option', { name: 'Plads N2-6, Nord, ledig' }));
    await user.keyboard('{/Shift}');
    const chosen = screen.getByRole('group', { name: 'Valgte pladser' });
    expect(chosen).toHaveTextContent('4 valgte pladser: N2-3, N2-4, N2-5, N2-6');
    expect(within(map).getByRole('option', { name: 'Plads N2-5, Nord, valgt' })).toBeVisible();

    await userEvent.click(within(chosen).getByLabelText('Kørestolsplads'));
    await waitFor(() =>
      expect(previews.at(-1)?.seats).toEqual(
        ['N2-3', 'N2-4', 'N2-5', 'N2-6'].map((label) => ({
          label,
          categoryKey: null,
          accessible: true,
          forSale: true,
        })),
      ),
    );
    // A shorter row takes the marks of its seats that are gone with it.
    await replace(within(row(north, 2)).getByLabelText('Pladser'), '4');
    await waitFor(() =>
      expect(previews.at(-1)?.seats.map((mark) => mark.label)).toEqual(['N2-3', 'N2-4']),
    );
  });

  it("shows the server's errors on their fields, from the preview and from saving", async () => {
    const { created } = serveSeatCharts({
      onCreate: () => fieldErrors({ 'sections.0.name': ['Sektionen findes allerede'] }),
    });
    renderApp('/events/seat-charts/create');
    await userEvent.type(await screen.findByLabelText('Navn'), 'Scenen');
    const north = await addSection('Nord');
    await userEvent.click(
      within(north).getByRole('button', { name: 'Tilføj række til Sektion 1' }),
    );
    const south = await addSection('Syd');
    await userEvent.click(
      within(south).getByRole('button', { name: 'Tilføj række til Sektion 2' }),
    );
    await previewMap();

    // A row's name is the chart's: only the server sees the whole chart.
    await replace(within(row(south, 1)).getByLabelText('Række'), 'N1');
    expect(
      await within(row(south, 1)).findByText('Rækken findes allerede i kortet'),
    ).toBeInTheDocument();
    expect(within(row(south, 1)).getByLabelText('Række')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Ret fejlene i felterne for at opdatere forhåndsvisningen.'),
    ).toBeInTheDocument();

    // Saving is refused while the preview says so.
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(created).toEqual([]);

    await replace(within(row(south, 1)).getByLabelText('Række'), 'S1');
    await waitFor(() =>
      expect(
        within(row(south, 1)).queryByText('Rækken findes allerede i kortet'),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(
        screen.queryByText('Ret fejlene i felterne for at opdatere forhåndsvisningen.'),
      ).not.toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await within(north).findByText('Sektionen findes allerede')).toBeInTheDocument();
    expect(within(north).getByLabelText('Sektionens navn')).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes a section a standing area of a code and a capacity, and saves it as one row', async () => {
    const { previews, created } = serveSeatCharts();
    renderApp('/events/seat-charts/create');
    await userEvent.type(await screen.findByLabelText('Navn'), 'Arena');
    const north = await addSection('Nord');
    await userEvent.click(
      within(north).getByRole('button', { name: 'Tilføj række til Sektion 1' }),
    );

    const standing = await addSection('Ståpladser');
    await userEvent.click(
      within(standing).getByRole('button', { name: 'Tilføj række til Sektion 2' }),
    );
    await replace(within(row(standing, 1)).getByLabelText('Pladser'), '8');
    await userEvent.click(within(standing).getByLabelText(STANDING_AREA));
    // Instead of the rows: the area's code and capacity; the section's own fields stay.
    expect(within(standing).queryByRole('group', { name: 'Række 1' })).not.toBeInTheDocument();
    expect(
      within(standing).queryByRole('button', { name: 'Tilføj række til Sektion 2' }),
    ).not.toBeInTheDocument();
    expect(within(standing).getByLabelText('Sektionens kategori')).toBeInTheDocument();
    expect(within(standing).getByLabelText('Placering X')).toBeInTheDocument();
    await userEvent.type(within(standing).getByLabelText('Områdets kode'), 'ST');
    await userEvent.type(within(standing).getByLabelText('Kapacitet'), '300');

    // Switching back brings the numbered row again, and the area is kept for the next switch.
    await userEvent.click(within(standing).getByLabelText(STANDING_AREA));
    expect(within(row(standing, 1)).getByLabelText('Pladser')).toHaveValue('8');
    expect(within(standing).queryByLabelText('Kapacitet')).not.toBeInTheDocument();
    await userEvent.click(within(standing).getByLabelText(STANDING_AREA));
    expect(within(standing).getByLabelText('Områdets kode')).toHaveValue('ST');
    expect(within(standing).getByLabelText('Kapacitet')).toHaveValue('300');

    const expected: ChartInput = {
      name: 'Arena',
      categories: [],
      sections: [
        {
          name: 'Nord',
          categoryKey: null,
          rows: [{ label: 'N1', seats: 10, numbering: 'leftToRight', categoryKey: null, curve: 0 }],
        },
        {
          name: 'Ståpladser',
          categoryKey: null,
          generalAdmission: true,
          rows: [
            { label: 'ST', seats: 300, numbering: 'leftToRight', categoryKey: null, curve: 0 },
          ],
        },
      ],
      seats: [],
    };
    await waitFor(() => expect(previews.at(-1)).toEqual(expected));
    expect(previews.at(-1)?.sections[0]).not.toHaveProperty('generalAdmission');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Pladskortet blev oprettet!')).toBeInTheDocument();
    expect(created).toEqual([expected]);
  });

  it("shows the server's refusals of a standing area on its capacity", async () => {
    const { created } = serveSeatCharts({
      onPreview: (input) =>
        input.sections[0]?.rows[0]?.seats === 4000
          ? fieldErrors({ 'sections.0.rows': ['Et ståområde har præcis én række: dets kapacitet'] })
          : undefined,
      onCreate: () =>
        fieldErrors({ 'sections.0.rows.0.seats': ['Kapaciteten skal være mellem 1 og 5000'] }),
    });
    renderApp('/events/seat-charts/create');
    await userEvent.type(await screen.findByLabelText('Navn'), 'Arena');
    const standing = await addSection('Ståpladser');
    await userEvent.click(within(standing).getByLabelText(STANDING_AREA));
    await userEvent.type(within(standing).getByLabelText('Områdets kode'), 'ST');
    const capacity = within(standing).getByLabelText('Kapacitet');

    // The preview's refusal of the area's rows: the area has no rows to show it on.
    await userEvent.type(capacity, '4000');
    expect(
      await within(standing).findByText('Et ståområde har præcis én række: dets kapacitet'),
    ).toBeInTheDocument();
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(created).toEqual([]);

    await replace(capacity, '400');
    await waitFor(() =>
      expect(
        within(standing).queryByText('Et ståområde har præcis én række: dets kapacitet'),
      ).not.toBeInTheDocument(),
    );
    await previewMap();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await within(standing).findByText('Kapaciteten skal være mellem 1 og 5000'),
    ).toBeInTheDocument();
    expect(within(standing).getByLabelText('Kapacitet')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the form before the server does', async () => {
    const { previews } = serveSeatCharts();
    renderApp('/events/seat-charts/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Tilføj mindst én sektion')).toBeInTheDocument();

    const north = await addSection('Nord-Øst tribunen i den gamle ende');
    await userEvent.click(
      within(north).getByRole('button', { name: 'Tilføj række til Sektion 1' }),
    );
    await replace(within(row(north, 1)).getByLabelText('Række'), 'N 1');
    await replace(within(row(north, 1)).getByLabelText('Pladser'), '201');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await within(north).findByText('Sektionens navn må højst være 20 tegn'),
    ).toBeInTheDocument();
    expect(
      within(row(north, 1)).getByText('Rækken må kun indeholde bogstaver og tal'),
    ).toBeInTheDocument();
    expect(
      within(row(north, 1)).getByText('Pladser må maksimalt være 200 eller mindre'),
    ).toBeInTheDocument();

    const standing = await addSection('Ståpladser');
    await userEvent.click(within(standing).getByLabelText(STANDING_AREA));
    await userEvent.type(within(standing).getByLabelText('Kapacitet'), '5001');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await within(standing).findByText('Kapaciteten skal være mellem 1 og 5000'),
    ).toBeInTheDocument();
    expect(within(standing).getByText('Områdets kode skal udfyldes')).toBeInTheDocument();
    // Nothing the form knows is wrong goes to the server.
    expect(previews).toEqual([]);
  });
});
