import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendeeOverview, ScannedTicket } from '../../api/generated/events';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent } from '../../test/events';
import { REPEAT_MS } from './DoorScanPage';
import type * as QrReaderModule from './qrReader';
import { CameraError, startQrReader } from './qrReader';

// The page's camera is the test's: it reads the codes the test holds up, or fails.
vi.mock('./qrReader', async (importOriginal) => ({
  ...(await importOriginal<typeof QrReaderModule>()),
  startQrReader: vi.fn(),
}));
vi.mock('jsqr', () => ({ default: vi.fn() }));

/** A ticket's QR code: its 26 characters of Crockford base32. */
const CODE = '01HV5Q8Z3K7M2N4P6R8T0W9XYZ';

/** Karen's ticket as the door reads it. */
function karensTicket(extra: Partial<ScannedTicket> = {}): ScannedTicket {
  return {
    number: 1042,
    name: 'Karen Kunde',
    company: 'Bageriet ApS',
    product: 'Voksen',
    options: ['Parkering'],
    seat: 'Tribune Nord, række N1, plads 1',
    section: 'Tribune Nord',
    row: 'N1',
    seatNumber: '1',
    scannedAt: null,
    scannedBy: null,
    ...extra,
  };
}

function overview(scanned: number): AttendeeOverview {
  return {
    ticketsSold: 1_250_000,
    onlineTicketsSold: 1_000_000,
    posTicketsSold: 250_000,
    bookedTickets: 120,
    totalTickets: 500,
    scanned,
    sections: [],
    pricesWithVat: true,
  };
}

const confirmed = () => HttpResponse.json({ success: true, result: karensTicket() });

/**
 * The derby (e-1): its figures count each confirmed scan; `scan` answers POST /scan (confirmed
 * by default). The attendee calls serve the event's Tilmeldte tab, where 'Luk' goes.
 */
function serveDoor({ scan = confirmed }: { scan?: () => Response } = {}) {
  const scans: string[] = [];
  const overviewReads = { count: 0 };
  let scanned = 45;
  server.use(
    ...eventsSession(),
    http.get('/api/events/e-1', () => HttpResponse.json({ success: true, result: savedEvent() })),
    http.get('/api/events/e-1/attendees/overview', () => {
      overviewReads.count += 1;
      return HttpResponse.json({ success: true, result: overview(scanned) });
    }),
    http.post('/api/events/e-1/scan', ({ request }) => {
      scans.push(new URL(request.url).searchParams.get('ticketId') ?? '');
      const answer = scan();
      if (answer.status === 200) scanned += 1;
      return answer;
    }),
    emptyList('/api/events/v2'),
    emptyList('/api/events/e-1/attendees'),
    http.get('/api/events/e-1/attendees/companies', () =>
      HttpResponse.json({ success: true, result: [] }),
    ),
  );
  return { scans, overviewReads };
}

/** The camera as the page sees it: `read` holds a QR code up to it once. */
function fakeCamera() {
  const camera = { report: null as ((text: string) => void) | null, stop: vi.fn() };
  vi.mocked(startQrReader).mockImplementation((_video, onCode) => {
    camera.report = onCode;
    return Promise.resolve({ stop: camera.stop });
  });
  return {
    stop: camera.stop,
    read: async (text: string) => {
      await waitFor(() => expect(camera.report).not.toBeNull());
      act(() => camera.report?.(text));
    },
  };
}

/** The tones the page plays (their frequencies) and how it vibrates. */
function listenForSignals() {
  const tones: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: { value: 0 },
        connect: <Node,>(node: Node) => node,
        start: () => tones.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
        connect: <Node,>(node: Node) => node,
      };
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  return { tones, vibrate };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'vibrate');
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the door scan mode', () => {
  it("scans a code the camera reads, shows 'Bekræftet' with the ticket and counts it", async () => {
    const { scans, overviewReads } = serveDoor();
    const camera = fakeCamera();
    const signals = listenForSignals();
    renderApp('/events/e-1/door');
    expect(await screen.findByRole('heading', { level: 1, name: 'Derby' })).toBeInTheDocument();
    expect(await screen.findByText('Scannet 45 af 120')).toBeInTheDocument();
    // The number field is there beside the camera too.
    expect(screen.getByLabelText('Billetnummer')).toBeInTheDocument();

    await camera.read(CODE);
    const heading = await screen.findByRole('heading', { name: 'Bekræftet' });
    const panel = heading.parentElement as HTMLElement;
    expect(panel.closest('[role="status"]')).not.toBeNull();
    expect(panel).toHaveTextContent('Billet 1042');
    expect(panel).toHaveTextContent('Karen Kunde');
    expect(panel).toHaveTextContent('Tribune Nord, række N1, plads 1');
    expect(panel).toHaveTextContent('Voksen · Parkering');
    expect(scans).toEqual([CODE]);
    // A high beep and a short buzz.
    expect(signals.tones).toEqual([1320]);
    expect(signals.vibrate).toHaveBeenCalledWith(80);

    // The figures are read again: the count follows.
    expect(await screen.findByText('Scannet 46 af 120')).toBeInTheDocument();
    expect(overviewReads.count).toBe(2);
  });

  it("shows a refused ticket as 'Billet ikke bekræftet' in red with the reason", async () => {
    const { scans } = serveDoor({
      scan: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Billetten er allerede scannet 05-12-2026 19:05 af Sofie Staff',
            code: 'not_confirmed',
            data: karensTicket({ scannedAt: '2026-12-05T18:05:00Z', scannedBy: 'Sofie Staff' }),
          },
          { status: 422 },
        ),
    });
    const camera = fakeCamera();
    const signals = listenForSignals();
    renderApp('/events/e-1/door');
    await screen.findByText('Scannet 45 af 120');

    await camera.read(`https://demofc.test/public/events/ticket/${CODE}`);
    const heading = await screen.findByRole('heading', { name: 'Billet ikke bekræftet' });
    const panel = heading.parentElement as HTMLElement;
    expect(panel).toHaveAttribute('role', 'alert');
    expect(panel).toHaveClass('tb-door-refused');
    expect(panel).toHaveTextContent(
      'Billetten er allerede scannet 05-12-2026 19:05 af Sofie Staff',
    );
    expect(panel).toHaveTextContent('Billet 1042');
    expect(panel).toHaveTextContent('Karen Kunde');
    expect(screen.queryByRole('heading', { name: 'Bekræftet' })).not.toBeInTheDocument();
    // The link is sent as it was read: the server finds the code in it.
    expect(scans).toEqual([`https://demofc.test/public/events/ticket/${CODE}`]);
    // A low double buzz.
    expect(signals.tones).toEqual([170, 170]);
    expect(signals.vibrate).toHaveBeenCalledWith([150, 80, 150]);
  });

  it('sends a code read again and again once, until it has been away for 3 seconds', async () => {
    const { scans } = serveDoor();
    const camera = fakeCamera();
    renderApp('/events/e-1/door');
    await screen.findByText('Scannet 45 af 120');

    await camera.read(CODE);
    await camera.read(CODE);
    await screen.findByRole('heading', { name: 'Bekræftet' });
    await camera.read(CODE);
    expect(scans).toEqual([CODE]);

    const now = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => now() + REPEAT_MS + 100);
    await camera.read(CODE);
    await waitFor(() => expect(scans).toEqual([CODE, CODE]));
  });

  it('says why the camera could not start and scans a typed number instead', async () => {
    const { scans } = serveDoor();
    vi.mocked(startQrReader).mockRejectedValue(new CameraError('denied'));
    renderApp('/events/e-1/door');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kameraet kunne ikke startes: adgang til kameraet blev afvist (tillad kameraet i ' +
        'browserens indstillinger). Skriv billetnummeret herunder.',
    );
    const input = screen.getByLabelText('Billetnummer');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, '  1042 {Enter}');

    const heading = await screen.findByRole('heading', { name: 'Bekræftet' });
    expect(heading.parentElement).toHaveTextContent('Billet 1042');
    expect(scans).toEqual(['1042']);
    expect(input).toHaveValue('');
  });

  it("goes back to the event's Tilmeldte tab with 'Luk' and turns the camera off", async () => {
    serveDoor();
    const camera = fakeCamera();
    const { router } = renderApp('/events/e-1/door');
    await screen.findByText('Scannet 45 af 120');
    await waitFor(() => expect(startQrReader).toHaveBeenCalled());

    await userEvent.click(screen.getByRole('link', { name: 'Luk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1'));
    expect(router.state.location.search).toBe('?tab=60');
    expect(await screen.findByRole('tab', { name: 'Tilmeldte', selected: true })).toBeVisible();
    expect(camera.stop).toHaveBeenCalled();
  });
});

describe('the QR reader', () => {
  const actual = () => vi.importActual<typeof QrReaderModule>('./qrReader');

  /** A camera frame of 1280 × 960 and a canvas that hands jsQR its pixels. */
  function frames() {
    const context = {
      drawImage: vi.fn(),
      getImageData: vi.fn(() => ({ data: new Uint8ClampedArray(640 * 480 * 4) })),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.mocked(jsQR).mockReturnValue({ data: CODE } as never);
    const video = document.createElement('video');
    Object.defineProperties(video, {
      videoWidth: { value: 1280 },
      videoHeight: { value: 960 },
      readyState: { value: 4 },
    });
    return { context, video };
  }

  it("uses the browser's BarcodeDetector when it reads QR codes", async () => {
    const { createQrDecoder } = await actual();
    const options: unknown[] = [];
    class FakeBarcodeDetector {
      static getSupportedFormats = () => Promise.resolve(['ean_13', 'qr_code']);
      constructor(given: unknown) {
        options.push(given);
      }
      detect = () => Promise.resolve([{ rawValue: CODE }]);
    }

    const decoder = await createQrDecoder({ BarcodeDetector: FakeBarcodeDetector });
    expect(decoder.kind).toBe('native');
    expect(options).toEqual([{ formats: ['qr_code'] }]);
    expect(await decoder.decode(document.createElement('video'))).toBe(CODE);
    expect(jsQR).not.toHaveBeenCalled();
  });

  it('reads with jsQR without a BarcodeDetector, or with one that reads no QR codes', async () => {
    const { createQrDecoder } = await actual();
    const { context, video } = frames();
    class BarcodesOnly {
      static getSupportedFormats = () => Promise.resolve(['ean_13']);
      detect = () => Promise.resolve([]);
    }

    for (const scope of [{}, { BarcodeDetector: BarcodesOnly }]) {
      const decoder = await createQrDecoder(scope);
      expect(decoder.kind).toBe('jsqr');
      expect(await decoder.decode(video)).toBe(CODE);
    }
    // A frame is read at 640 pixels wide, the right way round only.
    expect(context.drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 480);
    expect(jsQR).toHaveBeenCalledWith(expect.any(Uint8ClampedArray), 640, 480, {
      inversionAttempts: 'dontInvert',
    });
  });

  it('starts the back camera, tells each code it reads, and turns the camera off', async () => {
    const { startQrReader: start } = await actual();
    const { video } = frames();
    const track = { stop: vi.fn() };
    const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [track] }));
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia },
      configurable: true,
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onCode = vi.fn();

    const reader = await start(video, onCode);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(CODE));
    reader.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });

  it('says why the camera could not start', async () => {
    const { startQrReader: start } = await actual();
    // The decoder loads while the camera is asked for.
    const { video } = frames();
    await expect(start(video, vi.fn())).rejects.toMatchObject({ reason: 'unsupported' });

    Object.defineProperty(navigator, 'mediaDevices', {
      value: {
        getUserMedia: () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      },
      configurable: true,
    });
    await expect(start(video, vi.fn())).rejects.toMatchObject({ reason: 'denied' });
  });
});
