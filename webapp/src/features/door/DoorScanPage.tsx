import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { ScannedTicket } from '../../api/generated/events';
import { ATTENDEES_TAB } from '../../shared/events/eventTabs';
import {
  useGetAttendeeOverviewQuery,
  useGetEventQuery,
  useScanTicketMutation,
  type ScanOutcome,
} from '../../shared/events/eventsApi';
import { eventPath } from '../../shared/events/paths';
import { CameraError, startQrReader, type CameraFailure } from './qrReader';
import './door.css';

/** How long a scan's answer fills the screen before the camera shows again. */
export const RESULT_MS = 2500;
/** A code read again this soon after its last reading is the same ticket, still held up. */
export const REPEAT_MS = 3000;
/** The count follows the other gates' scans too. */
const COUNT_POLL_MS = 30_000;

type Signal = 'confirmed' | 'refused';

interface Tone {
  frequency: number;
  /** Seconds after the signal starts. */
  start: number;
  duration: number;
}

/** A high beep for a ticket let in; a low double buzz for one refused. */
const TONES: Record<Signal, { type: OscillatorType; tones: Tone[] }> = {
  confirmed: { type: 'sine', tones: [{ frequency: 1320, start: 0, duration: 0.15 }] },
  refused: {
    type: 'square',
    tones: [
      { frequency: 170, start: 0, duration: 0.2 },
      { frequency: 170, start: 0.28, duration: 0.2 },
    ],
  },
};
const VIBRATION: Record<Signal, number | number[]> = { confirmed: 80, refused: [150, 80, 150] };
const VOLUME = 0.3;

function play(context: AudioContext, signal: Signal) {
  const { type, tones } = TONES[signal];
  const now = context.currentTime;
  for (const { frequency, start, duration } of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    // A short fade in and out: a tone that starts or stops at full volume clicks.
    gain.gain.setValueAtTime(0, now + start);
    gain.gain.linearRampToValueAtTime(VOLUME, now + start + 0.01);
    gain.gain.setValueAtTime(VOLUME, now + start + duration - 0.02);
    gain.gain.linearRampToValueAtTime(0, now + start + duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + duration);
  }
}

/** Whether the page may sound and vibrate: the user has touched it (or the browser does not say). */
function mayPlay(): boolean {
  return !('userActivation' in navigator) || navigator.userActivation.hasBeenActive;
}

/** The sound and vibration of an answer, so the door need not look at the screen. */
function useSignal(): (signal: Signal) => void {
  const audio = useRef<AudioContext | null>(null);
  // A browser refuses (and warns of) sound before the page is touched: the context is opened by
  // the first touch, or by the first answer when the user came here by a click.
  const open = useCallback(() => {
    if (typeof AudioContext === 'undefined') return null;
    audio.current ??= new AudioContext();
    if (audio.current.state === 'suspended') void audio.current.resume();
    return audio.current;
  }, []);
  useEffect(() => {
    window.addEventListener('pointerdown', open, { once: true });
    window.addEventListener('keydown', open, { once: true });
    return () => {
      window.removeEventListener('pointerdown', open);
      window.removeEventListener('keydown', open);
      void audio.current?.close();
      audio.current = null;
    };
  }, [open]);
  return useCallback(
    (signal: Signal) => {
      if (!mayPlay()) return;
      const context = open();
      if (context) play(context, signal);
      if ('vibrate' in navigator) navigator.vibrate(VIBRATION[signal]);
    },
    [open],
  );
}

/** Keeps the screen on while the door scans; the browser lets go when the page is hidden. */
function useScreenAwake() {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const request = () =>
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (ended) void sentinel.release();
          else lock = sentinel;
        },
        // Refused (battery saver): the screen sleeps as usual.
        () => undefined,
      );
    const onVisible = () => {
      if (document.visibilityState === 'visible') void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release();
    };
  }, []);
}

type Camera = { state: 'starting' } | { state: 'on' } | { state: 'failed'; reason: CameraFailure };

/** Starts the camera into `video` once; `onCode` is read afresh at each code. */
function useCamera(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (text: string) => void,
): Camera {
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let ended = false;
    let stop: (() => void) | null = null;
    startQrReader(element, (text) => latestOnCode.current(text)).then(
      (reader) => {
        if (ended) reader.stop();
        else {
          stop = reader.stop;
          setCamera({ state: 'on' });
        }
      },
      (error: unknown) => {
        if (!ended) {
          setCamera({
            state: 'failed',
            reason: error instanceof CameraError ? error.reason : 'other',
          });
        }
      },
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [video]);
  return camera;
}

/** Number, holder, seat and product, large enough to read at arm's length. */
function TicketLines({ ticket }: { ticket: ScannedTicket }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="tb-door-ticket-number">{t('door.ticket', { number: ticket.number })}</p>
      {ticket.name && <p className="tb-door-ticket-name">{ticket.name}</p>}
      {ticket.seat && <p className="tb-door-ticket-line">{ticket.seat}</p>}
      <p className="tb-door-ticket-line">
        {[ticket.product, ...ticket.options].filter(Boolean).join(' · ')}
      </p>
    </>
  );
}

/** The latest answer; `count` tells a repeated answer from the one before it. */
interface Answer {
  outcome: ScanOutcome;
  count: number;
}

/**
 * The door's scan mode (issue 18), for a phone or tablet at the gate: the whole screen, the back
 * camera reading the tickets' QR codes, and after each scan 'Bekræftet' in green or 'Billet ikke
 * bekræftet' with the server's reason in red for a few seconds, with a sound and a vibration. The
 * header counts 'Scannet X af Y'. 'Billetnummer' below the camera scans a typed number, and takes
 * the camera's place when the camera cannot start.
 */
export function DoorScanPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const event = useGetEventQuery(id);
  const overview = useGetAttendeeOverviewQuery(id, {
    refetchOnMountOrArgChange: true,
    pollingInterval: COUNT_POLL_MS,
  });
  const [scanTicket, { isLoading }] = useScanTicketMutation();
  const signal = useSignal();
  useScreenAwake();
  const video = useRef<HTMLVideoElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  /** The code last read, and when: a ticket held up is read many times a second. */
  const lastRead = useRef<{ code: string; at: number } | null>(null);
  const scanning = useRef(false);

  const scan = async (ticketId: string) => {
    lastRead.current = { code: ticketId, at: Date.now() };
    scanning.current = true;
    let outcome: ScanOutcome;
    try {
      outcome = await scanTicket({ eventId: id, ticketId }).unwrap();
    } catch (error) {
      outcome = {
        confirmed: false,
        reason: apiErrorMessage(error) ?? t('door.failed'),
        ticket: null,
      };
    } finally {
      scanning.current = false;
    }
    setAnswer((previous) => ({ outcome, count: (previous?.count ?? 0) + 1 }));
    signal(outcome.confirmed ? 'confirmed' : 'refused');
  };

  // The server takes the code as it is printed: the 26 characters or the ticket's link.
  const onCode = (text: string) => {
    const code = text.trim();
    const last = lastRead.current;
    if (code === '') return;
    if (last?.code === code && Date.now() - last.at < REPEAT_MS) {
      // Still held up: the 3 seconds count from the last reading.
      lastRead.current = { code, at: Date.now() };
      return;
    }
    // Another ticket read while one is sent is read again a moment later.
    if (scanning.current) return;
    void scan(code);
  };
  const camera = useCamera(video, onCode);
  const cameraFailed = camera.state === 'failed';

  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setAnswer(null), RESULT_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  useEffect(() => {
    if (cameraFailed) input.current?.focus();
  }, [cameraFailed]);

  const submitTyped = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const ticketId = typed.trim();
    if (ticketId === '') return;
    setTyped('');
    void scan(ticketId);
  };

  const outcome = answer?.outcome;
  // A new answer is a new panel, so an alert is announced again even when its text is the same.
  const answerKey = answer?.count ?? 0;
  const figures = overview.data;
  const manual = (
    <form
      className={cameraFailed ? 'tb-door-manual tb-door-manual-only' : 'tb-door-manual'}
      onSubmit={submitTyped}
    >
      <div className="tb-door-manual-field">
        <label htmlFor={inputId}>{t('door.manual.label')}</label>
        <InputText
          id={inputId}
          ref={input}
          value={typed}
          autoComplete="off"
          enterKeyHint="go"
          onChange={(change) => setTyped(change.target.value)}
        />
      </div>
      <Button type="submit" label={t('door.manual.submit')} icon="pi pi-check" />
    </form>
  );
  return (
    <div className="tb-door">
      <header className="tb-door-header">
        <div className="tb-door-heading">
          <h1>{event.data?.title ?? t('door.title')}</h1>
          {figures && (
            <p className="tb-door-count">
              {t('door.count', { scanned: figures.scanned, expected: figures.bookedTickets })}
            </p>
          )}
        </div>
        <Link
          to={`${eventPath(id)}?tab=${ATTENDEES_TAB}`}
          className="p-button p-component p-button-outlined tb-door-close"
        >
          <i className="pi pi-times" aria-hidden="true" />
          <span>{t('door.close')}</span>
        </Link>
      </header>
      <div className="tb-door-stage">
        <video
          ref={video}
          className="tb-door-video"
          hidden={cameraFailed}
          playsInline
          muted
          aria-label={t('door.camera.label')}
        />
        {camera.state === 'on' && <div className="tb-door-frame" aria-hidden="true" />}
        {camera.state === 'starting' && <p className="tb-door-note">{t('door.camera.starting')}</p>}
        {cameraFailed && (
          <div className="tb-door-failed">
            <p role="alert">
              {t('door.camera.failed', { reason: t(`door.camera.reasons.${camera.reason}`) })}
            </p>
            {manual}
          </div>
        )}
        <div role="status" className="tb-door-status">
          {isLoading && !outcome && <p className="tb-door-busy">{t('door.scanning')}</p>}
          {outcome?.confirmed && (
            <div key={answerKey} className="tb-door-result tb-door-confirmed">
              <i className="pi pi-check-circle tb-door-result-icon" aria-hidden="true" />
              <h2>{t('door.confirmed')}</h2>
              <TicketLines ticket={outcome.ticket} />
            </div>
          )}
        </div>
        {outcome && !outcome.confirmed && (
          <div key={answerKey} role="alert" className="tb-door-result tb-door-refused">
            <i className="pi pi-times-circle tb-door-result-icon" aria-hidden="true" />
            <h2>{t('door.notConfirmed')}</h2>
            <p className="tb-door-reason">{outcome.reason}</p>
            {outcome.ticket && <TicketLines ticket={outcome.ticket} />}
          </div>
        )}
      </div>
      {!cameraFailed && manual}
    </div>
  );
}
