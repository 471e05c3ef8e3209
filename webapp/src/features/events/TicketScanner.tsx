import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { ScannedTicket } from '../../api/generated/events';
import { DATE_TIME_PATTERN, formatDate } from '../../shared/format';
import { useTimeZone } from '../../shared/ui/DateTime';
import { useScanTicketMutation, type ScanOutcome } from '../../shared/events/eventsApi';
import './attendees.css';

/** Spec 2 §9: a scan fires this long after the last keystroke. */
export const SCAN_DEBOUNCE_MS = 500;

/** The ticket as the door reads it: number, holder, product, seat, add-ons. */
function TicketFacts({ ticket }: { ticket: ScannedTicket }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const facts: [string, string | null][] = [
    ['number', String(ticket.number)],
    ['name', ticket.name],
    ['company', ticket.company],
    ['product', ticket.product],
    ['seat', ticket.seat],
    ['options', ticket.options.join(', ')],
  ];
  const time = formatDate(ticket.scannedAt, DATE_TIME_PATTERN, timeZone);
  return (
    <>
      <dl className="tb-facts">
        {facts
          .filter(([, value]) => value)
          .map(([field, value]) => (
            <div key={field} className="tb-scan-fact">
              <dt>{t(`events.attendees.scanner.fields.${field}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {time && (
        <p className="tb-scan-when">
          {ticket.scannedBy
            ? t('events.attendees.scanner.scannedBy', { time, who: ticket.scannedBy })
            : t('events.attendees.scanner.scannedAt', { time })}
        </p>
      )}
    </>
  );
}

interface TicketScannerProps {
  eventId: string;
  /** Told each ticket the door confirmed. The attendee list and figures follow by themselves. */
  onScanned?: (ticket: ScannedTicket) => void;
}

/**
 * The door's scan box (spec 2 §2 "Scanning"): 'Billetnummer', typed or read by a scanner, is
 * scanned 500 ms after the last keystroke or at once on Enter, trimmed, and never twice for the
 * same unchanged value. 'Bekræftet' shows the ticket in green; 'Billet ikke bekræftet'
 * shows the server's reason in red with the ticket's details when it found the ticket. The box is
 * then emptied and focused for the next ticket.
 */
export function TicketScanner({ eventId, onScanned }: TicketScannerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [scanTicket, { isLoading, originalArgs }] = useScanTicketMutation();
  /** The latest answer; `count` tells a repeated answer from the one before it. */
  const [answer, setAnswer] = useState<{ outcome: ScanOutcome; count: number } | null>(null);
  /** The value sent, until the box changes: its debounce or a second Enter does not send it again. */
  const sent = useRef<string | null>(null);

  const scan = async (raw: string) => {
    const ticketId = raw.trim();
    if (ticketId === '' || sent.current === ticketId) return;
    sent.current = ticketId;
    let outcome: ScanOutcome;
    try {
      outcome = await scanTicket({ eventId, ticketId }).unwrap();
    } catch (error) {
      outcome = {
        confirmed: false,
        reason: apiErrorMessage(error) ?? t('events.attendees.scanner.failed'),
        ticket: null,
      };
    }
    setAnswer((previous) => ({ outcome, count: (previous?.count ?? 0) + 1 }));
    // Ready for the next ticket, unless the next one is already being typed.
    setText((current) => (current.trim() === ticketId ? '' : current));
    input.current?.focus();
    if (outcome.confirmed) onScanned?.(outcome.ticket);
  };

  // The debounce fires the latest render's scan, so a parent's re-render does not restart it.
  const latestScan = useRef(scan);
  useEffect(() => {
    latestScan.current = scan;
  });
  useEffect(() => {
    if (text.trim() === '') return;
    const timer = setTimeout(() => void latestScan.current(text), SCAN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const outcome = answer?.outcome;
  // A new answer is a new box, so an alert is announced again even when its text is the same.
  const answerKey = answer?.count ?? 0;
  return (
    <div className="tb-scanner">
      <div className="tb-field">
        <label htmlFor={inputId}>{t('events.attendees.scanner.ticketNumber')}</label>
        <InputText
          id={inputId}
          ref={input}
          value={text}
          // The door scans ticket after ticket: the box is ready when the tab opens.
          autoFocus
          autoComplete="off"
          aria-describedby={helpId}
          aria-busy={isLoading}
          onChange={(event) => {
            sent.current = null;
            setText(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void scan(text);
          }}
        />
        <small id={helpId} className="tb-field-help">
          {t('events.attendees.scanner.help')}
        </small>
      </div>
      <div role="status" className="tb-scan-status">
        {isLoading && (
          <p className="tb-scan-busy">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />{' '}
            {t('events.attendees.scanner.scanning', { ticket: originalArgs?.ticketId ?? '' })}
          </p>
        )}
        {outcome?.confirmed && (
          <div key={answerKey} className="tb-scan-box tb-scan-confirmed">
            <h3>
              <i className="pi pi-check-circle" aria-hidden="true" />{' '}
              {t('events.attendees.scanner.confirmed')}
            </h3>
            <TicketFacts ticket={outcome.ticket} />
          </div>
        )}
      </div>
      {outcome && !outcome.confirmed && (
        <div key={answerKey} role="alert" className="tb-scan-box tb-scan-refused">
          <h3>
            <i className="pi pi-times-circle" aria-hidden="true" />{' '}
            {t('events.attendees.scanner.notConfirmed')}
          </h3>
          <p className="tb-scan-reason">{outcome.reason}</p>
          {outcome.ticket && <TicketFacts ticket={outcome.ticket} />}
        </div>
      )}
    </div>
  );
}
