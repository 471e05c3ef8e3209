import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosPrint } from '../../api/generated/pos';
import { server } from '../../test/server';

type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

// QZ Tray's library talks to the desk's QZ Tray over a websocket: the test stands in for it.
const qz = vi.hoisted(() => ({
  websocket: { connect: vi.fn(), isActive: vi.fn(), disconnect: vi.fn() },
  security: {
    setCertificatePromise: vi.fn(),
    setSignatureAlgorithm: vi.fn(),
    setSignaturePromise: vi.fn(),
  },
  printers: { find: vi.fn(), getDefault: vi.fn() },
  configs: { create: vi.fn() },
  print: vi.fn(),
}));
vi.mock('qz-tray', () => ({ default: qz }));

/** The module afresh: it sets qz-tray up once per page. */
async function loadQz() {
  vi.resetModules();
  return import('./qz');
}

/** What the certificate handler given to qz-tray resolves to. */
function certificate(): Promise<string> {
  const handler = qz.security.setCertificatePromise.mock.calls[0]?.[0] as Resolver<string>;
  return new Promise(handler);
}

/** What the signature factory given to qz-tray resolves to for `toSign`. */
function signature(toSign: string): Promise<string> {
  const factory = qz.security.setSignaturePromise.mock.calls[0]?.[0] as (
    toSign: string,
  ) => Resolver<string>;
  return new Promise(factory(toSign));
}

describe('QZ Tray printing', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    qz.websocket.isActive.mockReturnValue(false);
    qz.websocket.connect.mockResolvedValue(undefined);
    qz.printers.find.mockResolvedValue(['Kasse 1', 'Epson TM-T20']);
    qz.printers.getDefault.mockResolvedValue('Epson TM-T20');
    qz.configs.create.mockImplementation((printer: string, options: unknown) => ({
      printer,
      options,
    }));
    qz.print.mockResolvedValue(undefined);
  });

  it("signs with SHA512 by the server's certificate and signatures", async () => {
    const requests: string[] = [];
    server.use(
      http.get('/api/qz/cert', () =>
        HttpResponse.text('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'),
      ),
      http.get('/api/qz/sign-message', ({ request }) => {
        requests.push(new URL(request.url).searchParams.get('request') ?? '');
        return HttpResponse.text('c2lnbmF0dXJl');
      }),
    );
    const { configureQz } = await loadQz();
    configureQz();
    configureQz();

    expect(qz.security.setSignatureAlgorithm).toHaveBeenCalledExactlyOnceWith('SHA512');
    expect(qz.security.setCertificatePromise).toHaveBeenCalledTimes(1);
    expect(qz.security.setSignaturePromise).toHaveBeenCalledTimes(1);
    await expect(certificate()).resolves.toBe(
      '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
    );
    await expect(signature('a1b2+c3/d4=')).resolves.toBe('c2lnbmF0dXJl');
    expect(requests).toEqual(['a1b2+c3/d4=']);
  });

  it('connects on ws to localhost (then 127.0.0.1) from an http page, wss from https', async () => {
    const { findPrinters, qzConnectOptions } = await loadQz();
    await expect(findPrinters()).resolves.toEqual({
      printers: ['Kasse 1', 'Epson TM-T20'],
      defaultPrinter: 'Epson TM-T20',
    });
    expect(qz.websocket.connect).toHaveBeenCalledExactlyOnceWith({
      host: ['localhost', '127.0.0.1'],
      usingSecure: false,
      retries: 0,
    });
    expect(qzConnectOptions('https:')).toEqual({
      host: ['localhost', 'localhost.qz.io'],
      usingSecure: true,
      retries: 0,
    });

    // Connected: no second attempt.
    qz.websocket.isActive.mockReturnValue(true);
    await findPrinters();
    expect(qz.websocket.connect).toHaveBeenCalledTimes(1);
  });

  it('tells when QZ Tray does not run', async () => {
    qz.websocket.connect.mockRejectedValue(
      new Error('Unable to establish connection with QZ Tray'),
    );
    const { findPrinters, QzNotRunning } = await loadQz();
    await expect(findPrinters()).rejects.toBeInstanceOf(QzNotRunning);
    expect(qz.printers.find).not.toHaveBeenCalled();
  });

  it("says the server's reason when it will not sign", async () => {
    server.use(
      http.get('/api/qz/sign-message', () =>
        HttpResponse.text('Printeren er ikke sat op til denne klub', { status: 503 }),
      ),
    );
    const { findPrinters } = await loadQz();
    // qz-tray asks for the call's signature and fails the call with its own words.
    qz.printers.find.mockImplementation(async () => {
      await signature('printers.find').catch(() => undefined);
      throw new Error('Failed to sign request');
    });
    await expect(findPrinters()).rejects.toThrow('Printeren er ikke sat op til denne klub');
  });

  it('prints each print raw, in order, as the base64 ESC/POS bytes the server made', async () => {
    const prints: PosPrint[] = [
      { kind: 'receipt', title: 'Kvittering 10234', data: 'G0AK' },
      { kind: 'ticket', title: 'Billet 17', data: 'G0AL' },
    ];
    const { printRaw } = await loadQz();
    await printRaw('Epson TM-T20', prints);
    expect(qz.configs.create.mock.calls).toEqual([
      ['Epson TM-T20', { encoding: 'CP865', jobName: 'Kvittering 10234' }],
      ['Epson TM-T20', { encoding: 'CP865', jobName: 'Billet 17' }],
    ]);
    expect(qz.print.mock.calls.map(([, data]) => data)).toEqual([
      [{ type: 'raw', format: 'command', flavor: 'base64', data: 'G0AK' }],
      [{ type: 'raw', format: 'command', flavor: 'base64', data: 'G0AL' }],
    ]);
  });
});
