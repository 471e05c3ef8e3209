import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoFc, modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

/**
 * /events and /events/{id} are the public event pages in public mode (their pages are other
 * areas'); in the back office they stay the staff list and editor, behind the login.
 */
describe('the events paths in either mode', () => {
  it('sends an anonymous visitor of the back office to the login', async () => {
    server.use(...sessionHandlers({ client: demoFc, modules, isFrontend: false }));
    const { router } = renderApp('/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await router.navigate('/events/e-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the public list, not the staff list, in public mode', async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    const { router } = renderApp('/events');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arrangementer' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
    expect(screen.queryByRole('table', { name: 'Arrangementer' })).not.toBeInTheDocument();
  });
});
