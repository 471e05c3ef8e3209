import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { staffUser } from '../../test/fixtures';
import { server } from '../../test/server';
import { ConfirmButton, ConfirmDialogHost } from './ConfirmButton';
import { DateTime } from './DateTime';
import { Money } from './Money';
import { Tabs, shownTab } from './Tabs';
import { TOAST_LIFE_MS, ToastProvider, useToast } from './Toast';
import { TreeTable } from './TreeTable';

describe('ConfirmButton', () => {
  it("runs the action only after 'Bekræft'", async () => {
    const onConfirm = vi.fn();
    render(
      <>
        <ConfirmDialogHost />
        <ConfirmButton
          label="Slet"
          message="Er du sikker på at du vil slette denne virksomhed?"
          onConfirm={onConfirm}
        />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne virksomhed?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});

describe('Tabs', () => {
  it('keys tabs by 10..90 and leaves hidden tabs out', async () => {
    const onTabChange = vi.fn();
    render(
      <Tabs
        onTabChange={onTabChange}
        tabs={[
          { key: 10, label: 'Arrangement', content: <p>Detaljer</p> },
          { key: 20, label: 'Billetter', visible: false, content: <p>Billetter</p> },
          { key: 50, label: 'Invitationer', content: <p>Inviterede</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Arrangement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Billetter' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Invitationer' }));
    expect(onTabChange).toHaveBeenCalledWith(50);
    expect(screen.getByText('Inviterede')).toBeVisible();
  });

  it('tells which tab shows for a key, the first when that one is hidden', () => {
    const tabs = [
      { key: 10, label: 'Arrangement', content: null },
      { key: 90, label: 'Billetsalg', hideSave: true, content: null },
      { key: 20, label: 'Billetter', visible: false, content: null },
    ];
    expect(shownTab(tabs, 90)?.hideSave).toBe(true);
    expect(shownTab(tabs, 20)?.label).toBe('Arrangement');
    expect(shownTab(tabs, 70)?.label).toBe('Arrangement');
    expect(shownTab([], 10)).toBeUndefined();
  });
});

function Notify({ text }: { text: string }) {
  const toast = useToast();
  useEffect(() => toast.success(text), [toast, text]);
  return null;
}

describe('toasts', () => {
  it('show bottom-right and close after 6000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container } = render(
        <ToastProvider>
          <Notify text="Virksomheden blev gemt!" />
        </ToastProvider>,
      );
      expect(await screen.findByText('Virksomheden blev gemt!')).toBeInTheDocument();
      expect(container.querySelector('.p-toast-bottom-right')).not.toBeNull();
      expect(TOAST_LIFE_MS).toBe(6000);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TOAST_LIFE_MS + 1000);
      });
      await waitFor(() =>
        expect(screen.queryByText('Virksomheden blev gemt!')).not.toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Money and DateTime', () => {
  it('formats money in kroner and øre', () => {
    render(
      <p>
        <Money value={1234.5} /> / <Money value={99900} ore />
      </p>,
    );
    expect(
      screen.getByText('1.234,50 kr.', { normalizer: (text) => text.replace(/\s/g, ' ') }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('999,00 kr.', { normalizer: (text) => text.replace(/\s/g, ' ') }),
    ).toBeInTheDocument();
  });

  it("shows a date in the user's time zone", async () => {
    server.use(
      http.get('/api/user', () =>
        HttpResponse.json({
          success: true,
          result: { ...staffUser, timeZone: 'America/New_York' },
          data: { clients: [] },
        }),
      ),
    );
    render(
      <Provider store={createStore()}>
        <DateTime value="2025-06-05T17:30:00Z" pattern="DD-MM-YYYY HH:mm" />
      </Provider>,
    );
    expect(await screen.findByText('05-06-2025 13:30')).toHaveAttribute(
      'datetime',
      '2025-06-05T17:30:00.000Z',
    );
  });

  it('uses Europe/Berlin without a logged-in user', async () => {
    server.use(
      http.get('/api/user', () =>
        HttpResponse.json({ success: false, error: 'Du skal logge ind' }, { status: 401 }),
      ),
    );
    render(
      <Provider store={createStore()}>
        <DateTime value="2025-06-05T17:30:00Z" pattern="DD [kl.] HH:mm" />
      </Provider>,
    );
    expect(await screen.findByText('05 kl. 19:30')).toBeInTheDocument();
  });
});

describe('TreeTable', () => {
  it('nests child rows under their parent and pages on the list protocol', async () => {
    server.use(
      http.post('/api/events', () =>
        HttpResponse.json({
          success: true,
          Result: [
            {
              Id: 'e1',
              Title: 'Sæsonåbning',
              Children: [{ Id: 'e2', Title: 'VIP-frokost', Children: [] }],
            },
          ],
          TotalPages: 1,
          Total: 1,
        }),
      ),
    );
    render(
      <Provider
        store={createStore({
          apiMode: { appIsFrontend: false, hasClient: true, publicMode: false },
        })}
      >
        <TreeTable
          label="Arrangementer"
          endpoint="events"
          tag="Event"
          columns={[{ field: 'Title', header: 'Titel', sortable: true }]}
          defaultSort={{ field: 'StartDate', dir: 'desc' }}
        />
      </Provider>,
    );
    expect(await screen.findByText('Sæsonåbning')).toBeInTheDocument();
    expect(screen.getByText('1 - 1 af 1 resultater')).toBeInTheDocument();
    expect(screen.queryByText('VIP-frokost')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Udvid' }));
    expect(await screen.findByText('VIP-frokost')).toBeInTheDocument();
  });
});
