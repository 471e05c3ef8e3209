import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Unsubscription } from '../../api/generated/newsletters';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

const TOKEN = '0123456789abcdef'.repeat(4);
const PAGE = `/newsletter/unsubscribe/${TOKEN}`;
const QUESTION = 'Vil du afmelde a***@example.dk fra nyhedsbreve fra Demo FC?';
const DONE = 'Du er afmeldt. Du modtager ikke flere nyhedsbreve fra Demo FC.';
const GONE = 'Linket findes ikke længere.';

function unsubscription(extra: Partial<Unsubscription> = {}): Unsubscription {
  return {
    club: 'Demo FC',
    newsletter: 'Nyt fra klubben',
    email: 'a***@example.dk',
    unsubscribed: false,
    ...extra,
  };
}

interface Served {
  /** What the token opens; none: no recipient has it (404). */
  page?: Unsubscription;
  /** The answer of the POST (default: unsubscribed). */
  post?: () => Response | undefined;
}

/** An anonymous visitor; only TOKEN opens a page, any other token is unknown. */
function serveUnsubscription({ page, post }: Served) {
  let current = page;
  const posts: string[] = [];
  const gone = () => HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
  server.use(
    ...sessionHandlers({}),
    http.get('/public/newsletters/unsubscribe/:token', ({ params }) => {
      if (params.token !== TOKEN || !current) return gone();
      return HttpResponse.json({ success: true, result: current });
    }),
    http.post('/public/newsletters/unsubscribe/:token', ({ params }) => {
      posts.push(String(params.token));
      if (params.token !== TOKEN || !current) return gone();
      const refusal = post?.();
      if (refusal) return refusal;
      current = { ...current, unsubscribed: true };
      return HttpResponse.json({ success: true, result: current });
    }),
  );
  return { posts };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Afmeld nyhedsbreve' });

describe('the newsletter unsubscribe page', () => {
  it("asks first, unsubscribes on 'Afmeld' and says it is done", async () => {
    const { posts } = serveUnsubscription({ page: unsubscription() });
    renderApp(PAGE);
    expect(await heading()).toBeInTheDocument();
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
    expect(screen.queryByText(DONE)).not.toBeInTheDocument();
    expect(posts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Afmeld' }));

    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(posts).toEqual([TOKEN]);
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afmeld' })).not.toBeInTheDocument();
  });

  it('says a contact who already unsubscribed is unsubscribed, with no button', async () => {
    const { posts } = serveUnsubscription({ page: unsubscription({ unsubscribed: true }) });
    renderApp(PAGE);
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Afmeld nyhedsbreve' })).toBeVisible();
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afmeld' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('says a link no recipient has no longer exists', async () => {
    const { posts } = serveUnsubscription({ page: unsubscription() });
    renderApp(`/newsletter/unsubscribe/${'f'.repeat(64)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(GONE);
    expect(screen.getByRole('heading', { level: 1, name: 'Afmeld nyhedsbreve' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Afmeld' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('says a malformed link no longer exists', async () => {
    server.use(
      ...sessionHandlers({}),
      http.get('/public/newsletters/unsubscribe/:token', () =>
        HttpResponse.json(
          { success: false, error: GONE, errors: { token: [GONE] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/newsletter/unsubscribe/not-a-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(GONE);
    expect(screen.queryByRole('button', { name: 'Afmeld' })).not.toBeInTheDocument();
  });

  it("shows the server's message when unsubscribing fails, and lets the visitor try again", async () => {
    let failures = 1;
    const { posts } = serveUnsubscription({
      page: unsubscription(),
      post: () =>
        failures-- > 0
          ? HttpResponse.json(
              { success: false, error: 'Serveren er optaget. Prøv igen om lidt.' },
              { status: 503 },
            )
          : undefined,
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Afmeld' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Serveren er optaget. Prøv igen om lidt.',
    );
    expect(screen.getByText(QUESTION)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Afmeld' }));
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    await waitFor(() => expect(posts).toEqual([TOKEN, TOKEN]));
  });

  it('says so in Danish when the server gives no reason', async () => {
    server.use(
      ...sessionHandlers({}),
      http.get('/public/newsletters/unsubscribe/:token', () => HttpResponse.error()),
    );
    renderApp(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Der opstod en fejl. Prøv igen.');
  });
});
