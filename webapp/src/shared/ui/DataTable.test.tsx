import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { ListParams } from '../../api/listTypes';
import { createStore } from '../../app/store';
import { server } from '../../test/server';
import { DataTable } from './DataTable';

interface CompanyRow {
  Id: number;
  Name: string;
  City: string;
}

const companies: CompanyRow[] = Array.from({ length: 43 }, (_, index) => ({
  Id: index + 1,
  Name: `Firma ${String(index + 1).padStart(2, '0')}`,
  City: index % 2 ? 'Aarhus' : 'Odense',
}));

/** A list endpoint that pages and sorts like the API, recording each request. */
function serveCompanies(rows: CompanyRow[] = companies) {
  const requests: ListParams[] = [];
  server.use(
    http.post('/api/companies', async ({ request }) => {
      const params = (await request.json()) as ListParams;
      requests.push(params);
      const sorted = [...rows].sort((a, b) => {
        const field = params.sort.field as keyof CompanyRow;
        const order = String(a[field]).localeCompare(String(b[field]));
        return params.sort.dir === 'asc' ? order : -order;
      });
      const start = (params.page - 1) * params.perPage;
      return HttpResponse.json({
        success: true,
        Result: sorted.slice(start, start + params.perPage),
        TotalPages: Math.ceil(rows.length / params.perPage),
        Total: rows.length,
      });
    }),
  );
  return requests;
}

function renderTable(filter?: Record<string, unknown>) {
  const store = createStore({
    apiMode: { appIsFrontend: false, hasClient: true, publicMode: false },
  });
  return render(
    <Provider store={store}>
      <DataTable<CompanyRow>
        label="Virksomheder"
        endpoint="companies"
        tag="Company"
        columns={[
          { field: 'Name', header: 'Navn', sortable: true },
          { field: 'City', header: 'By', sortable: true },
        ]}
        defaultSort={{ field: 'Name', dir: 'asc' }}
        pageSizeOptions={[10, 25, 50, 100, 1000]}
        filter={filter}
      />
    </Provider>,
  );
}

function firstCell() {
  const table = screen.getByRole('table', { name: 'Virksomheder' });
  return within(table).getAllByRole('row')[1]?.querySelector('td')?.textContent;
}

describe('DataTable', () => {
  it('loads the first page with the list protocol and shows the paging text', async () => {
    const requests = serveCompanies();
    renderTable({ search: 'firma' });
    expect(await screen.findByText('1 - 10 af 43 resultater')).toBeInTheDocument();
    expect(requests[0]).toEqual({
      filter: { search: 'firma' },
      sort: { field: 'Name', dir: 'asc' },
      page: 1,
      perPage: 10,
    });
    expect(firstCell()).toBe('Firma 01');
  });

  it('pages with the number buttons and first/last', async () => {
    const requests = serveCompanies();
    renderTable();
    await screen.findByText('1 - 10 af 43 resultater');
    await userEvent.click(screen.getByRole('button', { name: 'Side 2' }));
    expect(await screen.findByText('11 - 20 af 43 resultater')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sidste side' }));
    expect(await screen.findByText('41 - 43 af 43 resultater')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ page: 5 });
  });

  it('toggles the sort between asc and desc', async () => {
    const requests = serveCompanies();
    renderTable();
    await screen.findByText('1 - 10 af 43 resultater');
    const nameHeader = screen.getByRole('columnheader', { name: /Navn/ });
    await userEvent.click(nameHeader);
    await waitFor(() => expect(firstCell()).toBe('Firma 43'));
    expect(requests.at(-1)?.sort).toEqual({ field: 'Name', dir: 'desc' });
    await userEvent.click(screen.getByRole('columnheader', { name: /Navn/ }));
    await waitFor(() => expect(firstCell()).toBe('Firma 01'));
    expect(screen.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('changes the page size and starts again at page 1', async () => {
    const requests = serveCompanies();
    renderTable();
    await screen.findByText('1 - 10 af 43 resultater');
    await userEvent.click(screen.getByRole('button', { name: 'Side 3' }));
    await screen.findByText('21 - 30 af 43 resultater');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Antal pr. side' }), '25');
    expect(await screen.findByText('1 - 25 af 43 resultater')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ page: 1, perPage: 25 });
  });

  it("shows 'Ingen elementer blev fundet.' for an empty list", async () => {
    serveCompanies([]);
    renderTable();
    expect(await screen.findByText('Ingen elementer blev fundet.')).toBeInTheDocument();
    expect(screen.queryByText(/resultater/)).not.toBeInTheDocument();
  });
});
