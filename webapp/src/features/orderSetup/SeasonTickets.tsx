import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { Chart, SeasonTicket } from '../../api/generated/seats';
import { useShownError } from '../../shared/editor/useShownError';
import { ProductPicker } from '../../shared/pickers/ProductPicker';
import { Alert } from '../../shared/ui/Alert';
import { TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { DeleteRowButton } from './DeleteRowButton';
import { SeasonSeatingDialog } from './SeasonSeatingDialog';
import { OptionalCompanyField } from './OptionalCompanyField';
import { useCreateSeasonTicketMutation, useDeleteSeasonTicketMutation } from './orderSetupApi';
import { SeasonSeatPicker } from './SeasonSeatPicker';
import {
  NEW_SEASON_TICKET,
  seasonTicketInput,
  seasonTicketSchema,
  takenSeats,
  type SeasonTicketFormValues,
} from './seasonSeating';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/**
 * 'Plads': one free seat of the chart; a seat with a season ticket shows as reserved. A channel's
 * seats stay pickable: the server lets a season ticket take one (e.g. for the channel's company).
 */
function TicketSeatField({ chart, tickets }: { chart: Chart; tickets: readonly SeasonTicket[] }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeasonTicketFormValues>();
  const error = useShownError('seat');
  const taken = useMemo(() => takenSeats(chart, tickets, null), [chart, tickets]);
  const picked = useMemo(() => (values.seat ? [values.seat] : []), [values.seat]);
  return (
    <SeasonSeatPicker
      chart={chart}
      taken={taken}
      picked={picked}
      onChange={(seats) => void setFieldValue('seat', seats[0] ?? '')}
      label={t('orderSetup.seasonTickets.seatMap')}
      error={error}
    />
  );
}

/** 'Produkt': optional, any of the catalogue's products; 'Fjern' takes it off again. */
function TicketProductField() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeasonTicketFormValues>();
  const error = useShownError('product');
  const product = values.product;
  return (
    <div>
      <ProductPicker
        label={t('orderSetup.seasonTickets.fields.product')}
        value={product}
        onChange={(chosen) => void setFieldValue('product', chosen)}
        placeholder={t('orderSetup.seasonTickets.productPlaceholder')}
        error={error}
      />
      {product && (
        <RemoveButton
          aria-label={t('orderSetup.seasonTickets.removeProduct', { title: product.title })}
          onClick={() => void setFieldValue('product', null)}
        />
      )}
    </div>
  );
}

interface SeasonTicketDialogProps {
  seasonId: string;
  chart: Chart;
  tickets: readonly SeasonTicket[];
  onHide: () => void;
}

/**
 * 'Opret sæsonkort': the seat picked on the chart, the holder's name and e-mail (which links the
 * holder's user), a product and a company. The server reserves the seat at every event of the
 * season; its refusal shows on its field.
 */
function SeasonTicketDialog({ seasonId, chart, tickets, onHide }: SeasonTicketDialogProps) {
  const { t } = useTranslation();
  const [create] = useCreateSeasonTicketMutation();
  const schema = useMemo(() => seasonTicketSchema(t), [t]);
  return (
    <SeasonSeatingDialog
      title={t('orderSetup.seasonTickets.create')}
      initialValues={NEW_SEASON_TICKET}
      schema={schema}
      save={(values) => create({ seasonId, ticket: seasonTicketInput(values) }).unwrap()}
      savedMessage={t('orderSetup.seasonTickets.created')}
      onHide={onHide}
    >
      <TicketSeatField chart={chart} tickets={tickets} />
      <div className="tb-form-grid">
        <TextField name="name" label={t('orderSetup.seasonTickets.fields.name')} />
        <TextField
          name="email"
          type="email"
          label={t('orderSetup.seasonTickets.fields.email')}
          help={t('orderSetup.seasonTickets.emailHelp')}
        />
        <TicketProductField />
        <OptionalCompanyField />
      </div>
    </SeasonSeatingDialog>
  );
}

interface SeasonTicketsProps {
  seasonId: string;
  chart: Chart;
  tickets: readonly SeasonTicket[];
  loadError?: unknown;
}

/**
 * 'Sæsonkort' of a saved season on a chart: its tickets by seat, 'Opret sæsonkort', and 'Slet' of
 * a ticket made by hand (one an order sold links to its order).
 */
export function SeasonTickets({ seasonId, chart, tickets, loadError }: SeasonTicketsProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [deleteTicket] = useDeleteSeasonTicketMutation();
  const column = (field: string) => t(`orderSetup.seasonTickets.columns.${field}`);
  return (
    <Section
      title={t('orderSetup.seasonTickets.title')}
      actions={
        <Button
          type="button"
          outlined
          icon="pi pi-plus"
          label={t('orderSetup.seasonTickets.create')}
          onClick={() => setCreating(true)}
        />
      }
    >
      {loadError !== undefined && (
        <Alert severity="error">
          {apiErrorMessage(loadError) ?? t('orderSetup.seasonTickets.loadFailed')}
        </Alert>
      )}
      <DataTable
        value={[...tickets]}
        dataKey="seat"
        emptyMessage={t('orderSetup.seasonTickets.empty')}
        pt={{ table: { 'aria-label': t('orderSetup.seasonTickets.title') } }}
      >
        <Column field="seat" header={column('seat')} />
        <Column field="section" header={column('section')} />
        <Column field="row" header={column('row')} />
        <Column field="seatNumber" header={column('seatNumber')} />
        <Column field="product" header={column('product')} />
        <Column field="name" header={column('name')} />
        <Column field="email" header={column('email')} />
        <Column
          header={column('order')}
          body={(ticket: SeasonTicket) =>
            ticket.orderId ? (
              <Link to={`/orders/${ticket.orderId}`}>
                {t('orderSetup.seasonTickets.openOrder', { seat: ticket.seat })}
              </Link>
            ) : null
          }
        />
        <Column
          header={t('table.actions')}
          body={(ticket: SeasonTicket) =>
            // A listed ticket always has its id; the type also describes a new one.
            ticket.id && !ticket.orderId ? (
              <DeleteRowButton
                label={t('orderSetup.seasonTickets.delete', { seat: ticket.seat })}
                message={t('orderSetup.seasonTickets.confirmDelete', { seat: ticket.seat })}
                deleted={t('orderSetup.seasonTickets.deleted')}
                remove={() => deleteTicket({ seasonId, ticketId: ticket.id ?? '' }).unwrap()}
              />
            ) : null
          }
        />
      </DataTable>
      {creating && (
        <SeasonTicketDialog
          seasonId={seasonId}
          chart={chart}
          tickets={tickets}
          onHide={() => setCreating(false)}
        />
      )}
    </Section>
  );
}
