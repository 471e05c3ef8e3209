import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../api/listTypes';
import { modules } from '../../test/fixtures';
import { staffAtDemoFc, staffSession } from '../../test/staffSession';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import type { CompanyRow } from './types';

function row(id: string, name: string, overrides: Partial<CompanyRow> = {}): CompanyRow {
  return {
    Id: id,
    Name: name,
    CVR: '40112233',
    Address: 'Bagergade 1',
    ZipCode: '8000',
    City: 'Aarhus C',
    Email: 'info@firma.test',
    Phone: '11223344',
    FollowUpDate: '2025-09-01',
    Utilization: 0,
    LogoWeb: null,
    Status: 1,
    ...overrides,
  };
}

const rows = [
  row('c1', 'Bageriet Grøn ApS', { Utilization: 140, LogoWeb: '/api/files/logo-c1' }),
  row('c2', 'Nordisk Byggeservice ApS', { Status: 0, Utilization: 35 }),
];

function serveList() {
  const requests: ListParams[] = [];
  const exports: unknown[] = [];
  const deletes: string[] = [];
  server.use(
    http.post('/api/companies/export', async ({ request }) => {
      exports.push(await request.json());
      return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="Virksomheder.xlsx"',
        },
      });
    }),
    http.post('/api/companies', async ({ request }) => {
      const params = (await request.json()) as ListParams & {
        filter: { status: number | null; search: string };
      };
      requests.push(params);
      const found = rows.filter(
        (candidate) =>
          !deletes.includes(candidate.Id) &&
          (params.filter.status === null || candidate.Status === params.filter.status) &&
          candidate.Name.toLowerCase().includes(params.filter.search.toLowerCase()),
      );
      if (params.sort.dir === 'desc') found.reverse();
      return HttpResponse.json({
        success: true,
        Result: found,
        TotalPages: 1,
        Total: found.length,
      });
    }),
    http.delete('/api/companies/:id', ({ params }) => {
      deletes.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
    ...staffSession(),
  );
  return { requests, exports, deletes };
}

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Virksomheder' }))
    .getAllByRole('row')
    .slice(1);
}

describe('the company list', () => {
  it('shows the columns of spec 1 §2 sorted by name, with the utilization bar capped at 100', async () => {
    const { requests } = serveList();
    renderApp('/companies');
    const table = await screen.findByRole('table', { name: 'Virksomheder' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Navn',
      'CVR',
      'Adresse',
      'Postnr',
      'By',
      'E-mail',
      'Telefon',
      'Opfølgning',
      'Udnyttelsesgrad',
      'Handlinger',
    ]);
    await within(table).findByRole('link', { name: 'Bageriet Grøn ApS' });
    expect(requests[0]).toEqual({
      filter: { status: null, search: '' },
      sort: { field: 'Name', dir: 'asc' },
      page: 1,
      perPage: 10,
    });
    const [first] = bodyRows();
    expect(first).toHaveTextContent('01-09-2025');
    expect(within(first as HTMLElement).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(first).toHaveTextContent('140 %');
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Rediger Bageriet Grøn ApS' }),
    ).toHaveAttribute('href', '/companies/c1');
  });

  it('filters by status and search, and exports exactly that in the table order', async () => {
    const { requests, exports } = serveList();
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderApp('/companies');
    await screen.findByRole('link', { name: 'Nordisk Byggeservice ApS' });

    screen.getByLabelText('Status').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Lead', hidden: true }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'nordisk');
    await waitFor(() => expect(requests.at(-1)?.filter).toEqual({ status: 0, search: 'nordisk' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Navn/ }));
    await waitFor(() => expect(requests.at(-1)?.sort).toEqual({ field: 'Name', dir: 'desc' }));

    await userEvent.click(screen.getByRole('button', { name: 'Eksport' }));
    await waitFor(() => expect(clicks).toEqual(['Virksomheder.xlsx']));
    expect(exports).toEqual([
      { filter: { status: 0, search: 'nordisk' }, sort: { field: 'Name', dir: 'desc' } },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('deletes a company after confirmation', async () => {
    const { deletes } = serveList();
    renderApp('/companies');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Slet Nordisk Byggeservice ApS' }),
    );
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne virksomhed?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(deletes).toEqual(['c2']);
  });

  it("shows 'Ingen elementer blev fundet.' when nothing matches", async () => {
    serveList();
    renderApp('/companies');
    await screen.findByRole('link', { name: 'Bageriet Grøn ApS' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'findes ikke');
    expect(await screen.findByText('Ingen elementer blev fundet.')).toBeInTheDocument();
  });

  it("draws the list with small rows when the club chose the 'Kompakt' view of /companies", async () => {
    serveList();
    const compact = modules.map((module) =>
      module.alias === 'companies'
        ? { ...module, customViews: { '/companies': 'Kompakt' } }
        : module,
    );
    server.use(...staffSession({ ...staffAtDemoFc, modules: compact }));
    renderApp('/companies');
    const table = await screen.findByRole('table', { name: 'Virksomheder' });
    await screen.findByText('Bageriet Grøn ApS');
    expect(table.closest('.p-datatable')).toHaveClass('p-datatable-sm');
  });
});
