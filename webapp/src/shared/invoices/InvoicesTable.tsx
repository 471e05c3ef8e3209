import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { InvoiceListRow } from '../../api/generated/invoices';
import { formatDay } from '../format';
import { Alert } from '../ui/Alert';
import { useConfirm } from '../ui/ConfirmButton';
import { Money } from '../ui/Money';
import { useToast } from '../ui/Toast';
import { InvoiceHistoryDialog } from './InvoiceHistoryDialog';
import { invoicePath, rowInvoiceName } from './invoiceName';
import {
  useCreateInvoiceMutation,
  useGetRecordInvoicesQuery,
  useInvoiceActionMutation,
  useOpenInvoicePdfMutation,
  useUpdateExternalNumberMutation,
  useUpdateInvoiceDateMutation,
} from './invoicesApi';

export interface InvoicesTableProps {
  /** The order's, contract's or subscription's id. */
  sourceId: string;
  /** Subscriptions' invoices are made by their charges: they offer no 'Opret faktura'. */
  collection: 'orders' | 'contracts' | 'subscriptions';
  /** 'Opret faktura' is offered (the record is approved and the user may manage it). */
  canCreate: boolean;
  /** The row actions are offered. */
  canManage: boolean;
}

type Editing = { row: InvoiceListRow; field: 'date' | 'externalNumber' } | null;

/**
 * The Fakturaer tab of an order or contract (spec 3 §2, §4 Invoice, §8 the invoice toasts): the
 * record's invoices and credit notes, 'Opret faktura', and per row what its state allows:
 * Godkend, Ret fakturadato, Hent PDF and Slet for a draft; Send faktura, Hent PDF, Send kvittering
 * (paid), Bogføringsnummer, Marker som sendt, Marker som betalt and Krediter for a booked invoice.
 * A user who may only read gets the PDF alone, as a button in the row.
 */
export function InvoicesTable({ sourceId, collection, canCreate, canManage }: InvoicesTableProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const { data = [], isFetching, isError, error } = useGetRecordInvoicesQuery(sourceId);
  const [create, creating] = useCreateInvoiceMutation();
  const [act] = useInvoiceActionMutation();
  const [openPdf] = useOpenInvoicePdfMutation();
  const [updateDate] = useUpdateInvoiceDateMutation();
  const [updateNumber] = useUpdateExternalNumberMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [value, setValue] = useState('');
  const inputId = useId();
  const menu = useRef<Menu>(null);
  const [menuItems, setMenuItems] = useState<MenuItem[]>([]);
  const [historyOf, setHistoryOf] = useState<{ id: string; name: string } | null>(null);

  /** Awaits a call; says `done` when it succeeds (if given), else the server's error. */
  async function run(work: Promise<unknown>, done?: string) {
    try {
      await work;
      if (done) toast.success(done);
      return true;
    } catch (failure) {
      toast.error(apiErrorMessage(failure) ?? t('invoices.actions.failed'));
      return false;
    }
  }

  const rowName = (row: InvoiceListRow) => rowInvoiceName(t, row);

  function downloadPdf(row: InvoiceListRow) {
    const fileName = `${rowName(row).replace(/\s+/g, '-')}.pdf`;
    void run(openPdf({ id: row.Id, fileName }).unwrap());
  }

  const pdfItem = (row: InvoiceListRow): MenuItem => ({
    label: t('invoices.actions.pdf'),
    command: () => downloadPdf(row),
  });
  const historyItem = (row: InvoiceListRow): MenuItem => ({
    label: t('invoices.actions.history'),
    command: () => setHistoryOf({ id: row.Id, name: rowName(row) }),
  });

  function itemsFor(row: InvoiceListRow): MenuItem[] {
    const on = { sourceId, id: row.Id };
    if (row.IsDraft) {
      return [
        {
          label: t('invoices.actions.book'),
          command: () =>
            void run(act({ ...on, action: 'book' }).unwrap(), t('invoices.toasts.booked')),
        },
        {
          label: t('invoices.actions.changeDate'),
          command: () => {
            setValue(row.InvoiceDate ?? '');
            setEditing({ row, field: 'date' });
          },
        },
        pdfItem(row),
        historyItem(row),
        {
          label: t('invoices.actions.delete'),
          command: async () => {
            if (await confirm({ message: t('invoices.actions.deleteConfirm') })) {
              await run(act({ ...on, action: 'delete' }).unwrap(), t('invoices.toasts.deleted'));
            }
          },
        },
      ];
    }
    const items: MenuItem[] = [
      {
        label: t('invoices.actions.send'),
        command: () => void run(act({ ...on, action: 'send' }).unwrap(), t('invoices.toasts.sent')),
      },
      pdfItem(row),
    ];
    if (row.IsPaid && row.Type !== 'creditNote') {
      items.push({
        label: t('invoices.actions.sendReceipt'),
        command: () =>
          void run(
            act({ ...on, action: 'send-receipt' }).unwrap(),
            t('invoices.toasts.receiptSent'),
          ),
      });
    }
    items.push({
      label: t('invoices.actions.externalNumber'),
      command: () => {
        setValue(row.ExternalNumber ?? '');
        setEditing({ row, field: 'externalNumber' });
      },
    });
    if (!row.IsSent) {
      items.push({
        label: t('invoices.actions.sent'),
        command: () =>
          void run(act({ ...on, action: 'sent' }).unwrap(), t('invoices.toasts.updated')),
      });
    }
    if (!row.IsPaid) {
      items.push({
        label: t('invoices.actions.paid'),
        command: () =>
          void run(act({ ...on, action: 'paid' }).unwrap(), t('invoices.toasts.updated')),
      });
    }
    if (row.Type !== 'creditNote') {
      items.push({
        label: t('invoices.actions.credit'),
        command: async () => {
          if (await confirm({ message: t('invoices.actions.creditConfirm') })) {
            await run(act({ ...on, action: 'credit' }).unwrap(), t('invoices.toasts.credited'));
          }
        },
      });
    }
    items.push(historyItem(row));
    return items;
  }

  async function saveEdit() {
    if (!editing) return;
    const on = { sourceId, id: editing.row.Id };
    const ok =
      editing.field === 'date'
        ? await run(
            updateDate({ ...on, invoiceDate: value || null }).unwrap(),
            t('invoices.toasts.dateSaved'),
          )
        : await run(
            updateNumber({ ...on, externalNumber: value || null }).unwrap(),
            t('invoices.toasts.updated'),
          );
    if (ok) setEditing(null);
  }

  return (
    <section className="tb-stack">
      {isError && <Alert severity="error">{apiErrorMessage(error) ?? t('invoices.failed')}</Alert>}
      {canCreate && collection !== 'subscriptions' && (
        <div className="tb-page-actions">
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('invoices.actions.create')}
            loading={creating.isLoading}
            onClick={() =>
              void run(create({ sourceId, collection }).unwrap(), t('invoices.toasts.created'))
            }
          />
        </div>
      )}
      <DataTable
        value={data}
        dataKey="Id"
        loading={isFetching}
        emptyMessage={t('invoices.empty')}
        pt={{ table: { 'aria-label': t('invoices.list.title') } }}
      >
        <Column
          header={t('invoices.columns.number')}
          body={(row: InvoiceListRow) => (
            <Link to={invoicePath(row.Id)}>
              {row.IsDraft ? (
                <Tag severity="secondary" value={t('invoices.draft')} />
              ) : (
                rowName(row)
              )}
            </Link>
          )}
        />
        <Column
          header={t('invoices.columns.externalNumber')}
          body={(row: InvoiceListRow) => row.ExternalNumber ?? ''}
        />
        <Column
          header={t('invoices.columns.invoiceDate')}
          body={(row: InvoiceListRow) => formatDay(row.InvoiceDate)}
        />
        <Column
          header={t('invoices.columns.paymentDate')}
          body={(row: InvoiceListRow) => formatDay(row.PaymentDate)}
        />
        <Column
          header={t('invoices.columns.amount')}
          body={(row: InvoiceListRow) => <Money value={row.Total} ore currencyCode />}
        />
        <Column
          header={t('invoices.columns.status')}
          body={(row: InvoiceListRow) =>
            [
              row.IsSent ? t('invoices.sent') : t('invoices.notSent'),
              row.IsPaid ? t('invoices.paid') : t('invoices.notPaid'),
            ].join(', ')
          }
        />
        <Column
          header={t('invoices.columns.actions')}
          body={(row: InvoiceListRow) =>
            canManage ? (
              <Button
                type="button"
                text
                icon="pi pi-ellipsis-v"
                aria-label={t('invoices.actions.menu', { name: rowName(row) })}
                onClick={(event) => {
                  setMenuItems(itemsFor(row));
                  menu.current?.toggle(event);
                }}
              />
            ) : (
              <>
                <Button
                  type="button"
                  text
                  icon="pi pi-file-pdf"
                  aria-label={t('invoices.actions.pdfFor', { name: rowName(row) })}
                  onClick={() => downloadPdf(row)}
                />
                <Button
                  type="button"
                  text
                  icon="pi pi-history"
                  aria-label={t('invoices.actions.historyFor', { name: rowName(row) })}
                  onClick={() => setHistoryOf({ id: row.Id, name: rowName(row) })}
                />
              </>
            )
          }
        />
      </DataTable>
      <Menu model={menuItems} popup ref={menu} />
      <InvoiceHistoryDialog invoice={historyOf} onHide={() => setHistoryOf(null)} />
      <Dialog
        header={
          editing?.field === 'date'
            ? t('invoices.actions.changeDate')
            : t('invoices.actions.externalNumber')
        }
        visible={editing !== null}
        onHide={() => setEditing(null)}
        footer={
          <Button
            type="button"
            label={t('invoices.actions.save')}
            onClick={() => void saveEdit()}
          />
        }
      >
        <div className="tb-field">
          <label htmlFor={inputId}>
            {editing?.field === 'date'
              ? t('invoices.columns.invoiceDate')
              : t('invoices.columns.externalNumber')}
          </label>
          {editing?.field === 'date' ? (
            <input
              id={inputId}
              type="date"
              className="p-inputtext p-component"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          ) : (
            <InputText
              id={inputId}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </div>
      </Dialog>
    </section>
  );
}
