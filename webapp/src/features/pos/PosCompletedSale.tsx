import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosResult } from '../../api/generated/pos';
import { printRaw, QzNotRunning } from '../../shared/printing/qz';
import { useQzPrinters, type QzPrinters } from '../../shared/printing/useQzPrinters';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { placeOf } from '../../shared/events/ticketPlace';

interface PosCompletedSaleProps {
  result: PosResult;
  /** The printer chosen at this desk, if any. */
  printer: string | null;
  onPrinterChange: (printer: string) => void;
  onNewOrder: () => void;
}

/** The printer that is used: the one chosen when QZ Tray has it, else the default, else the first. */
function printerOf(chosen: string | null, qz: QzPrinters): string | null {
  if (chosen && qz.printers.includes(chosen)) return chosen;
  if (qz.defaultPrinter && qz.printers.includes(qz.defaultPrinter)) return qz.defaultPrinter;
  return qz.printers[0] ?? null;
}

/** 'Udskrift': the printer and 'Print', or why there is nothing to print on. */
function PrintCard({
  result,
  printer,
  onPrinterChange,
}: Omit<PosCompletedSaleProps, 'onNewOrder'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const qz = useQzPrinters();
  const [printing, setPrinting] = useState(false);
  const used = printerOf(printer, qz);

  const print = async () => {
    if (!used) return;
    setPrinting(true);
    try {
      await printRaw(used, result.prints);
      toast.success(t('events.pos.print.printed'));
    } catch (error) {
      if (error instanceof QzNotRunning) qz.retry();
      else {
        const message = error instanceof Error ? error.message : String(error);
        toast.error(t('events.pos.print.failed', { message }));
      }
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Section title={t('events.pos.print.title')}>
      {qz.status === 'connecting' && <Preloader label={t('events.pos.print.connecting')} />}
      {qz.status === 'notRunning' && (
        <Alert severity="warn">{t('events.pos.print.notRunning')}</Alert>
      )}
      {qz.status === 'failed' && (
        <Alert severity="error">
          {t('events.pos.print.listFailed', { message: qz.message ?? '' })}
        </Alert>
      )}
      {qz.status === 'ready' && qz.printers.length === 0 && (
        <Alert severity="warn">{t('events.pos.print.noPrinters')}</Alert>
      )}
      <div className="tb-pos-print">
        <div className="tb-field">
          <label htmlFor={id}>{t('events.pos.print.printer')}</label>
          <Dropdown
            inputId={id}
            value={used}
            options={qz.printers.map((name) => ({ label: name, value: name }))}
            disabled={qz.status !== 'ready' || qz.printers.length === 0}
            onChange={(event) => onPrinterChange(event.value as string)}
          />
        </div>
        <Button
          type="button"
          icon="pi pi-print"
          label={t('events.pos.print.print')}
          loading={printing}
          disabled={qz.status !== 'ready' || !used || printing || result.prints.length === 0}
          onClick={() => void print()}
        />
        {(qz.status === 'notRunning' || qz.status === 'failed') && (
          <Button
            type="button"
            outlined
            icon="pi pi-refresh"
            label={t('events.pos.print.retry')}
            onClick={qz.retry}
          />
        )}
      </div>
    </Section>
  );
}

/**
 * The sale is done (spec 2 §2 "Point of sale"): 'Ordre {number}' with its total and payment, the
 * printing of the receipt and the tickets through QZ Tray, the tickets each with its PDF, and
 * 'Ny ordre'.
 */
export function PosCompletedSale({
  result,
  printer,
  onPrinterChange,
  onNewOrder,
}: PosCompletedSaleProps) {
  const { t } = useTranslation();
  const { order, tickets } = result;
  return (
    <div className="tb-pos-done">
      <Section
        title={t('events.pos.done.title', { number: order.orderNumber })}
        actions={
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('events.pos.done.newOrder')}
            onClick={onNewOrder}
          />
        }
      >
        <dl className="tb-facts">
          <dt>{t('events.pos.done.total')}</dt>
          <dd>
            <Money value={order.total} ore />
          </dd>
          <dt>{t('events.pos.done.payment')}</dt>
          <dd>{order.paymentLabel}</dd>
          {order.company && (
            <>
              <dt>{t('events.pos.done.company')}</dt>
              <dd>{order.company}</dd>
            </>
          )}
        </dl>
      </Section>
      <PrintCard result={result} printer={printer} onPrinterChange={onPrinterChange} />
      <Section title={t('events.pos.done.tickets')}>
        {tickets.length === 0 ? (
          <p>{t('events.pos.done.noTickets')}</p>
        ) : (
          <table className="tb-pos-table" aria-label={t('events.pos.done.tickets')}>
            <thead>
              <tr>
                <th scope="col">{t('events.pos.done.number')}</th>
                <th scope="col">{t('events.pos.done.product')}</th>
                <th scope="col">{t('events.pos.done.name')}</th>
                <th scope="col">{t('events.pos.done.place')}</th>
                <th scope="col">
                  <span className="tb-visually-hidden">{t('events.pos.done.pdf')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.ticketId}>
                  <th scope="row">{ticket.number}</th>
                  <td>{ticket.product}</td>
                  <td>{ticket.name}</td>
                  <td>{placeOf(ticket, t)}</td>
                  <td>
                    <a
                      href={ticket.pdf}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('events.pos.done.pdfOf', { number: ticket.number })}
                    >
                      <i className="pi pi-file-pdf" aria-hidden="true" /> {t('events.pos.done.pdf')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
