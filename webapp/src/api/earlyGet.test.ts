import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithEarlyGets, startEarlyGet, takeEarlyGet } from './earlyGet';

const answer = (body: string) => Promise.resolve(new Response(body));

describe('reads started early', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the first GET of the address from the early read, and only the first', async () => {
    const early = vi.fn(() => answer('early'));
    startEarlyGet('/public/events/derby', early);
    expect(early).toHaveBeenCalledWith(`${window.location.origin}/public/events/derby`, {
      credentials: 'include',
    });
    const later = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer('later'));
    const url = `${window.location.origin}/public/events/derby`;

    const first = await fetchWithEarlyGets(new Request(url));
    const second = await fetchWithEarlyGets(new Request(url));

    expect(await first.text()).toBe('early');
    expect(await second.text()).toBe('later');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('sends other addresses and writes to the server', async () => {
    startEarlyGet('/public/events/cup', () => answer('early'));
    const server = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer('server'));
    const url = `${window.location.origin}/public/events/cup`;

    const other = await fetchWithEarlyGets(new Request(`${url}/products`));
    expect(await other.text()).toBe('server');
    expect(await (await takeEarlyGet(url))?.text()).toBe('early');

    startEarlyGet('/public/events/cup', () => answer('early'));
    const write = await fetchWithEarlyGets(new Request(url, { method: 'POST', body: '{}' }));
    expect(await write.text()).toBe('server');
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('drops the early reads not yet taken when something is written', async () => {
    startEarlyGet('/api/user', () => answer('before the login'));
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer('server'));
    await fetchWithEarlyGets(
      new Request(`${window.location.origin}/api/login`, { method: 'POST', body: '{}' }),
    );
    expect(takeEarlyGet(`${window.location.origin}/api/user`)).toBeUndefined();
  });

  it('does not hand out a read older than half a minute', () => {
    vi.useFakeTimers();
    startEarlyGet('/public/events/old', () => answer('early'));
    vi.advanceTimersByTime(30_001);
    expect(takeEarlyGet(`${window.location.origin}/public/events/old`)).toBeUndefined();
  });

  it('forgets a read that failed, so the page asks again', async () => {
    startEarlyGet('/public/events/down', () => Promise.reject(new TypeError('offline')));
    await Promise.resolve();
    await Promise.resolve();
    expect(takeEarlyGet(`${window.location.origin}/public/events/down`)).toBeUndefined();
  });
});
