import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChartInput } from '../../api/generated/seats';
import { renderApp } from '../../test/renderApp';
import { fieldErrors, serveSeatCharts, stadiumInput } from './seatChartFixtures';

const EDIT_STADIUM = '/events/seat-charts/chart-1/edit';

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

const sectionGroup = (number: number) => screen.getByRole('group', { name: `Sektion ${number}` });

const rowGroup = (section: HTMLElement, number: number) =>
  within(section).getByRole('group', { name: `Række ${number}` });

/** The edit page with the saved chart's design in the form and its preview laid out. */
async function openStadium() {
  const name = await screen.findByLabelText('Navn');
  await waitFor(() => expect(name).toHaveValue('Stadion'));
  await within(
    await screen.findByRole('listbox', { name: 'Forhåndsvisning af pladserne' }),
  ).findByRole('option', { name: /Plads N2-6/ });
  return name;
}

describe('editing a saved seat chart', () => {
  it("fills the designer with the chart's design and saves the changes to the chart", async () => {
    const { updated, designReads } = serveSeatCharts();
    const { router } = renderApp(EDIT_STADIUM);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rediger pladskort' }),
    ).toBeInTheDocument();
    const name = await openStadium();

    const categories = screen.getByRole('region', { name: 'Kategorier' });
    const vip = within(categories).getByRole('group', { name: 'Kategori 1' });
    expect(within(vip).getByLabelText('Nøgle')).toHaveValue('vip');
    expect(within(vip).getByLabelText('Farve')).toHaveValue('#c62828');
    const north = sectionGroup(1);
    expect(within(north).getByLabelText('Sektionens navn')).toHaveValue('Tribune Nord');
    expect(within(rowGroup(north, 1)).getByLabelText('Række')).toHaveValue('N1');
    expect(within(rowGroup(north, 2)).getByLabelText('Pladser')).toHaveValue('6');
    expect(
      within(screen.getByRole('table', { name: 'Markerede pladser' })).getByRole('row', {
        name: /N1-1/,
      }),
    ).toBeInTheDocument();
    // Nothing uses the chart: nothing to warn about.
    expect(screen.queryByText(/Kortet bruges af/)).not.toBeInTheDocument();

    await replace(name, 'Stadion Nord');
    await replace(within(rowGroup(north, 2)).getByLabelText('Pladser'), '8');
    await replace(within(rowGroup(north, 2)).getByLabelText('Bue'), '1,5');
    const readsBeforeSaving = designReads.length;
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

    expect(await screen.findByText('Pladskortet er gemt')).toBeInTheDocument();
    const expected: ChartInput = {
      ...stadiumInput,
      name: 'Stadion Nord',
      sections: [
        {
          name: 'Tribune Nord',
          categoryKey: 'standard',
          rows: [
            { label: 'N1', seats: 6, numbering: 'leftToRight', categoryKey: 'vip', curve: 0 },
            { label: 'N2', seats: 8, numbering: 'leftToRight', categoryKey: null, curve: 1.5 },
          ],
        },
      ],
    };
    expect(updated).toEqual([{ id: 'chart-1', input: expected }]);
    // The chart stays in the designer, read again as the server keeps it.
    expect(router.state.location.pathname).toBe(EDIT_STADIUM);
    await waitFor(() => expect(designReads.length).toBeGreaterThan(readsBeforeSaving));
    expect(screen.getByLabelText('Navn')).toHaveValue('Stadion Nord');
    expect(within(rowGroup(sectionGroup(1), 2)).getByLabelText('Bue')).toHaveValue('1,5');
  });

  it('says what uses the chart and how many of its seats are taken', async () => {
    serveSeatCharts({
      uses: {
        usedBy: [
          { kind: 'event', id: 'e-1', name: 'Derby mod Brøndby' },
          { kind: 'season', id: 's-1', name: 'Sæson 2025' },
        ],
        seatsInUse: ['N1-2', 'N1-3'],
      },
    });
    renderApp(EDIT_STADIUM);
    expect(
      await screen.findByText(
        'Kortet bruges af: Derby mod Brøndby, Sæson 2025. Pladser, der er solgt, reserveret ' +
          'eller i en kanal, kan ikke fjernes. 2 pladser er solgt, reserveret eller i en kanal.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal to remove seats or categories in use on their lists", async () => {
    const seatsTaken =
      'Pladserne N2-5, N2-6 er solgt, reserveret eller i en kanal og kan ikke fjernes';
    const categorySold = 'Kategorien vip sælges af produktet Sæsonkort og kan ikke fjernes';
    const { updated } = serveSeatCharts({
      onUpdate: () =>
        fieldErrors({
          sections: [seatsTaken],
          categories: [categorySold],
        }),
    });
    renderApp(EDIT_STADIUM);
    await openStadium();
    const north = sectionGroup(1);
    await replace(within(rowGroup(north, 2)).getByLabelText('Pladser'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

    const sections = screen.getByRole('region', { name: 'Sektioner' });
    expect(await within(sections).findByText(seatsTaken)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Kategorier' })).getByText(categorySold),
    ).toBeInTheDocument();
    expect(updated).toEqual([]);
    expect(screen.queryByText('Pladskortet er gemt')).not.toBeInTheDocument();
  });

  it('cannot edit a chart made before the designer kept its input', async () => {
    const { updated } = serveSeatCharts();
    renderApp('/events/seat-charts/chart-2/edit');
    expect(
      await screen.findByText(
        'Kortet er lavet, før designeren gemte sine tegninger, og kan kun vises.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage' })).toHaveAttribute(
      'href',
      '/events/seat-charts/chart-2',
    );
    expect(screen.queryByLabelText('Navn')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(updated).toEqual([]);
  });

  it("says 'Ikke fundet' for a chart that is not the club's", async () => {
    serveSeatCharts();
    renderApp('/events/seat-charts/chart-9/edit');
    expect(await screen.findByText('Ikke fundet')).toBeInTheDocument();
  });
});
