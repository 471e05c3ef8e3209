import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalTextToOre } from '../../shared/format';
import { SelectField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { Money } from '../../shared/ui/Money';
import { Section } from '../../shared/ui/Section';
import type { EventFormValues, TicketProductFormValues } from '../../shared/events/eventForm';
import { CONTROL_TYPES } from '../../shared/events/types';
import { useEventSettings } from './eventSettings';
import { TicketProductDialog } from './TicketProductDialog';

/** The messages on a row's fields ('tickets.products.{i}.title' …). */
function rowErrors(errors: unknown, index: number): string[] {
  const collect = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  return collect(getIn(errors, `tickets.products.${index}`));
}

/** 'Billetprodukter': the products the event sells as tickets, added and edited in the dialog. */
function TicketProductsCard() {
  const { t } = useTranslation();
  const { values, errors, setValues } = useFormikContext<EventFormValues>();
  // The row being edited (its index), a new one (null), or no dialog (undefined).
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const rows = values.tickets.products;
  // The table keeps its rows while only the messages change: they are listed below it.
  const messages = rows.flatMap((row, index) =>
    rowErrors(errors, index).map((message) => ({
      key: `${index}-${message}`,
      text: t('common.lines.error', { title: row.title || row.product?.title, message }),
    })),
  );
  const setRows = (change: (current: TicketProductFormValues[]) => TicketProductFormValues[]) =>
    void setValues((current) => ({
      ...current,
      tickets: { ...current.tickets, products: change(current.tickets.products) },
    }));
  const money = (text: string) => {
    const ore = decimalTextToOre(text);
    return ore === null || Number.isNaN(ore) ? null : <Money value={ore} ore />;
  };
  return (
    <Section
      title={t('events.sections.ticketProducts')}
      actions={
        <Button
          type="button"
          outlined
          icon="pi pi-plus"
          label={t('events.ticketProducts.add')}
          onClick={() => setEditing(null)}
        />
      }
    >
      <DataTable
        value={rows}
        size="small"
        emptyMessage={t('events.ticketProducts.empty')}
        pt={{ table: { 'aria-label': t('events.sections.ticketProducts') } }}
      >
        <Column
          header={t('events.ticketProduct.product')}
          body={(row: TicketProductFormValues) => row.product?.title}
        />
        <Column header={t('events.ticketProduct.title')} field="title" />
        <Column
          header={t('events.ticketProduct.price')}
          body={(row: TicketProductFormValues) => money(row.price)}
        />
        <Column header={t('events.ticketProduct.maxAmount')} field="maxAmount" />
        <Column
          header={t('events.ticketProduct.public')}
          body={(row: TicketProductFormValues) => (row.public ? t('common.yes') : t('common.no'))}
        />
        <Column
          header={t('table.actions')}
          body={(row: TicketProductFormValues, { rowIndex }: { rowIndex: number }) => (
            <span className="tb-row-actions">
              <Button
                type="button"
                text
                size="small"
                label={t('table.edit')}
                aria-label={t('events.ticketProducts.editLabel', { title: row.title })}
                onClick={() => setEditing(rowIndex)}
              />
              <Button
                type="button"
                text
                size="small"
                severity="danger"
                label={t('common.remove')}
                aria-label={t('events.ticketProducts.removeLabel', { title: row.title })}
                onClick={() =>
                  setRows((current) => current.filter((_, index) => index !== rowIndex))
                }
              />
            </span>
          )}
        />
      </DataTable>
      {messages.length > 0 && (
        <ul className="tb-line-errors" aria-label={t('events.ticketProducts.errors')}>
          {messages.map((message) => (
            <li key={message.key} className="p-error">
              {message.text}
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <TicketProductDialog
          product={editing === null ? null : (rows[editing] ?? null)}
          onHide={() => setEditing(undefined)}
          onSave={(saved) =>
            setRows((current) =>
              editing === null
                ? [...current, saved]
                : current.map((row, index) => (index === editing ? saved : row)),
            )
          }
        />
      )}
    </Section>
  );
}

/**
 * Billetter (tab 20): how tickets are checked at the door (Ingen, Manuel, Scan), the ticket
 * template, the ticket's logo and picture, and the ticket products.
 */
export function EventTicketsTab() {
  const { t } = useTranslation();
  const { ticketTemplates } = useEventSettings();
  return (
    <div className="tb-stack">
      <Section title={t('events.sections.tickets')}>
        <div className="tb-form-grid">
          <SelectField
            name="tickets.controlType"
            label={t('events.fields.controlType')}
            options={CONTROL_TYPES.map((type) => ({
              label: t(`events.controlTypes.${type}`),
              value: type,
            }))}
          />
          <SelectField
            name="tickets.template"
            label={t('events.fields.ticketTemplate')}
            options={[
              { label: t('events.notifications.default'), value: 'Default' },
              ...ticketTemplates.map((name) => ({ label: name, value: name })),
            ]}
            placeholder={t('events.notifications.none')}
            showClear
          />
        </div>
        <div className="tb-form-grid">
          <ImageField
            name="ticketLogoFile"
            urlName="tickets.ticketLogo"
            label={t('events.fields.ticketLogo')}
          />
          <ImageField
            name="ticketPictureFile"
            urlName="tickets.ticketPicture"
            label={t('events.fields.ticketPicture')}
          />
        </div>
      </Section>
      <TicketProductsCard />
    </div>
  );
}
