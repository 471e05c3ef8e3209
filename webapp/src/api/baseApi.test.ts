import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createStore } from '../app/store';
import { server } from '../test/server';
import { baseApi, CSRF_HEADER, readCookie } from './baseApi';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<{ name: string }, void>({ query: () => '/api/probe' }),
    probeWrite: build.mutation<unknown, { name: string }>({
      query: (body) => ({ url: '/api/probe', method: 'POST', body }),
    }),
    probeRelative: build.query<string, void>({ query: () => 'probe' }),
  }),
});

describe('the base query', () => {
  it('unwraps the envelope to its result', async () => {
    server.use(
      http.get('/api/probe', () =>
        HttpResponse.json({ success: true, result: { name: 'Demo FC' } }),
      ),
    );
    const store = createStore();
    const answer = await store.dispatch(probeApi.endpoints.probeRead.initiate());
    expect(answer.data).toEqual({ name: 'Demo FC' });
  });

  it('turns an error envelope into the server message and field errors', async () => {
    server.use(
      http.post('/api/probe', () =>
        HttpResponse.json(
          { success: false, error: 'Navn mangler', errors: { name: ['Navn skal udfyldes'] } },
          { status: 422 },
        ),
      ),
    );
    const store = createStore();
    const answer = await store.dispatch(probeApi.endpoints.probeWrite.initiate({ name: '' }));
    expect(answer.error).toEqual({
      status: 422,
      message: 'Navn mangler',
      errors: { name: ['Navn skal udfyldes'] },
    });
  });

  it('treats success:false with status 200 as an error', async () => {
    server.use(http.post('/api/probe', () => HttpResponse.json({ success: false, error: 'Nej' })));
    const store = createStore();
    const answer = await store.dispatch(probeApi.endpoints.probeWrite.initiate({ name: 'x' }));
    expect(answer.error).toMatchObject({ status: 200, message: 'Nej' });
  });

  it('sends the CSRF cookie as header on writes, not on reads, and with credentials', async () => {
    document.cookie = 'tribune_csrf=token-123; path=/';
    const seen: Record<string, string | null> = {};
    server.use(
      http.get('/api/probe', ({ request }) => {
        seen.get = request.headers.get(CSRF_HEADER);
        return HttpResponse.json({ success: true, result: { name: 'x' } });
      }),
      http.post('/api/probe', ({ request }) => {
        seen.post = request.headers.get(CSRF_HEADER);
        seen.credentials = request.credentials;
        return HttpResponse.json({ success: true });
      }),
    );
    const store = createStore();
    await store.dispatch(probeApi.endpoints.probeRead.initiate());
    await store.dispatch(probeApi.endpoints.probeWrite.initiate({ name: 'x' }));
    expect(seen).toEqual({ get: null, post: 'token-123', credentials: 'include' });
  });

  it('reads the cookie again on every write (it changes at login)', () => {
    expect(readCookie('tribune_csrf', 'a=1; tribune_csrf=first')).toBe('first');
    expect(readCookie('tribune_csrf', 'tribune_csrf=second; b=2')).toBe('second');
    expect(readCookie('tribune_csrf', 'b=2')).toBeUndefined();
  });

  it('sends relative paths to /public in public mode and /api in the back office', async () => {
    server.use(
      http.get('/public/probe', () => HttpResponse.json({ success: true, result: 'public' })),
      http.get('/api/probe', () => HttpResponse.json({ success: true, result: 'api' })),
      http.get('/api/app', () =>
        HttpResponse.json({ success: true, result: { isFrontend: false } }),
      ),
    );
    const store = createStore();
    const anonymous = await store.dispatch(probeApi.endpoints.probeRelative.initiate());
    expect(anonymous.data).toBe('public');
    const { appApi } = await import('./appApi');
    await store.dispatch(appApi.endpoints.getApp.initiate());
    const staff = await store.dispatch(
      probeApi.endpoints.probeRelative.initiate(undefined, { forceRefetch: true }),
    );
    expect(staff.data).toBe('api');
  });
});
