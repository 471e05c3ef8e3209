import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoFc, modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

const derby = {
  id: 'e1',
  title: 'Derby',
  description: 'Sæsonens største kamp',
  location: 'Stadion',
  startDate: '2030-06-05T17:30:00Z',
  banner: null,
  url: 'derby',
  cancelled: false,
};

describe('the public event list', () => {
  it('shows the upcoming events as cards linking to their pages', async () => {
    const asked: URLSearchParams[] = [];
    server.use(...sessionHandlers({ client: demoFc, modules }));
    server.use(
      http.get('/public/events', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ success: true, result: [derby] });
      }),
    );
    renderApp('/events');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arrangementer' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Derby' });
    expect(within(card).getByRole('link', { name: 'Se mere: Derby' })).toHaveAttribute(
      'href',
      '/events/derby',
    );
    expect(asked[0]?.get('limit')).toBe('100');
    expect(asked[0]?.get('promoted')).toBeNull();
  });

  it("marks a cancelled event's card 'Aflyst'", async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    server.use(
      http.get('/public/events', () =>
        HttpResponse.json({
          success: true,
          result: [derby, { ...derby, id: 'e2', title: 'Pokalkamp', cancelled: true }],
        }),
      ),
    );
    renderApp('/events');
    const cancelled = await screen.findByRole('article', { name: 'Pokalkamp' });
    expect(within(cancelled).getByText('Aflyst')).toBeInTheDocument();
    const going = screen.getByRole('article', { name: 'Derby' });
    expect(within(going).queryByText('Aflyst')).not.toBeInTheDocument();
  });

  it('says when there are no upcoming events', async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    renderApp('/events');
    expect(await screen.findByText('Der er ingen kommende arrangementer.')).toBeInTheDocument();
  });
});
