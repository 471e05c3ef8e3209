import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { Chart, SeasonTicket, SeatChannel } from '../../api/generated/seats';
import { useShownError } from '../../shared/editor/useShownError';
import { Alert } from '../../shared/ui/Alert';
import { TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { DeleteRowButton } from './DeleteRowButton';
import { SeasonSeatingDialog } from './SeasonSeatingDialog';
import { OptionalCompanyField } from './OptionalCompanyField';
import { useCreateSeatChannelMutation, useDeleteSeatChannelMutation } from './orderSetupApi';
import { SeasonSeatPicker } from './SeasonSeatPicker';
import {
  NEW_SEAT_CHANNEL,
  seatChannelInput,
  seatChannelSchema,
  takenSeats,
  type SeatChannelFormValues,
} from './seasonSeating';

interface SeatsFieldProps {
  chart: Chart;
  tickets: readonly SeasonTicket[];
  channels: readonly SeatChannel[];
}

/** 'Pladser': free seats of the chart; those of a season ticket or another channel are taken. */
function ChannelSeatsField({ chart, tickets, channels }: SeatsFieldProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeatChannelFormValues>();
  const error = useShownError('seats');
  const taken = useMemo(() => takenSeats(chart, tickets, channels), [chart, tickets, channels]);
  return (
    <SeasonSeatPicker
      chart={chart}
      taken={taken}
      picked={values.seats}
      onChange={(picked) => void setFieldValue('seats', picked)}
      multiple
      label={t('orderSetup.channels.seatMap')}
      error={error}
    />
  );
}

interface SeatChannelDialogProps extends SeatsFieldProps {
  seasonId: string;
  onHide: () => void;
}

/** 'Opret salgskanal': a name, the company it keeps seats for, and the seats picked on the chart. */
function SeatChannelDialog({ seasonId, chart, tickets, channels, onHide }: SeatChannelDialogProps) {
  const { t } = useTranslation();
  const [create] = useCreateSeatChannelMutation();
  const schema = useMemo(() => seatChannelSchema(t), [t]);
  return (
    <SeasonSeatingDialog
      title={t('orderSetup.channels.create')}
      initialValues={NEW_SEAT_CHANNEL}
      schema={schema}
      save={(values) => create({ seasonId, channel: seatChannelInput(values) }).unwrap()}
      savedMessage={t('orderSetup.channels.created')}
      onHide={onHide}
    >
      <div className="tb-form-grid">
        <TextField name="name" label={t('orderSetup.channels.fields.name')} />
        <OptionalCompanyField />
      </div>
      <ChannelSeatsField chart={chart} tickets={tickets} channels={channels} />
    </SeasonSeatingDialog>
  );
}

interface SeatChannelsProps extends SeatsFieldProps {
  seasonId: string;
  loadError?: unknown;
}

/**
 * 'Salgskanaler' of a saved season on a chart: the seats kept for a company, 'Opret salgskanal'
 * and 'Slet'.
 */
export function SeatChannels({ seasonId, chart, tickets, channels, loadError }: SeatChannelsProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [deleteChannel] = useDeleteSeatChannelMutation();
  const column = (field: string) => t(`orderSetup.channels.columns.${field}`);
  return (
    <Section
      title={t('orderSetup.channels.title')}
      actions={
        <Button
          type="button"
          outlined
          icon="pi pi-plus"
          label={t('orderSetup.channels.create')}
          onClick={() => setCreating(true)}
        />
      }
    >
      {loadError !== undefined && (
        <Alert severity="error">
          {apiErrorMessage(loadError) ?? t('orderSetup.channels.loadFailed')}
        </Alert>
      )}
      <DataTable
        value={[...channels]}
        dataKey="id"
        emptyMessage={t('orderSetup.channels.empty')}
        pt={{ table: { 'aria-label': t('orderSetup.channels.title') } }}
      >
        <Column field="name" header={column('name')} />
        <Column
          header={column('company')}
          body={(channel: SeatChannel) => channel.company ?? '–'}
        />
        <Column
          header={column('seats')}
          body={(channel: SeatChannel) =>
            t('orderSetup.channels.seatCount', {
              count: channel.seats.length,
              seats: channel.seats.join(', '),
            })
          }
        />
        <Column
          header={t('table.actions')}
          body={(channel: SeatChannel) =>
            // A listed channel always has its id; the type also describes a new one.
            channel.id ? (
              <DeleteRowButton
                label={t('orderSetup.channels.delete', { name: channel.name })}
                message={t('orderSetup.channels.confirmDelete', { name: channel.name })}
                deleted={t('orderSetup.channels.deleted')}
                remove={() => deleteChannel({ seasonId, channelId: channel.id ?? '' }).unwrap()}
              />
            ) : null
          }
        />
      </DataTable>
      {creating && (
        <SeatChannelDialog
          seasonId={seasonId}
          chart={chart}
          tickets={tickets}
          channels={channels}
          onHide={() => setCreating(false)}
        />
      )}
    </Section>
  );
}
