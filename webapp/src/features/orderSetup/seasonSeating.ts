import type { TFunction } from 'i18next';
import type { CompanyRef } from '../../api/generated/orders';
import type { Chart, Seat, SeasonTicket, SeatChannel } from '../../api/generated/seats';
import type { ProductPick } from '../../shared/pickers/types';
import type { SeatMapState } from '../../shared/seats/seatModel';
import { yup } from '../../shared/validation';
import type { CreateSeatChannelRequest, SeasonTicketInput } from './orderSetupApi';
import type { Season } from './types';

/** The chart the server seats a season on: its first seat row's (a chart's key); null: none. */
export function seasonChartKey(season: Season | undefined): string | null {
  return season?.seats[0]?.chartId ?? null;
}

export interface SeasonTicketFormValues {
  /** The seat's label ('N1-12'); '' until one is picked on the chart. */
  seat: string;
  name: string;
  email: string;
  product: ProductPick | null;
  company: CompanyRef | null;
}

export const NEW_SEASON_TICKET: SeasonTicketFormValues = {
  seat: '',
  name: '',
  email: '',
  product: null,
  company: null,
};

export function seasonTicketSchema(t: TFunction) {
  return yup.object({
    seat: yup.string().required(t('orderSetup.seasonTickets.pickSeat')),
    name: yup.string().label(t('orderSetup.seasonTickets.fields.name')).trim().required(),
    email: yup.string().label(t('orderSetup.seasonTickets.fields.email')).trim().email(),
  });
}

export function seasonTicketInput(values: SeasonTicketFormValues): SeasonTicketInput {
  return {
    seat: values.seat,
    productId: values.product?.id ?? null,
    name: values.name.trim(),
    email: values.email.trim(),
    companyId: values.company?.id ?? null,
  };
}

export interface SeatChannelFormValues {
  name: string;
  company: CompanyRef | null;
  /** Seat labels, in the order they were picked. */
  seats: string[];
}

export const NEW_SEAT_CHANNEL: SeatChannelFormValues = { name: '', company: null, seats: [] };

export function seatChannelSchema(t: TFunction) {
  return yup.object({
    name: yup.string().label(t('orderSetup.channels.fields.name')).trim().required(),
    seats: yup.array().of(yup.string()).min(1, t('orderSetup.channels.pickSeats')),
  });
}

export function seatChannelInput(
  values: SeatChannelFormValues,
): CreateSeatChannelRequest['channel'] {
  return {
    name: values.name.trim(),
    companyId: values.company?.id ?? null,
    seats: values.seats,
  };
}

/** The dialogs' field of a server field the form names otherwise. */
export function formFieldOf(serverField: string): string {
  if (serverField === 'companyId') return 'company';
  if (serverField === 'productId') return 'product';
  return serverField;
}

/**
 * The seats a dialog cannot pick, as the map shows them: not for sale, holding a season ticket
 * ('reserved') and, with `channels`, kept by a channel of the season ('channel').
 */
export function takenSeats(
  chart: Chart,
  tickets: readonly SeasonTicket[],
  channels: readonly SeatChannel[] | null,
): Map<string, SeatMapState> {
  const taken = new Map<string, SeatMapState>();
  for (const seat of chart.seats) if (!seat.forSale) taken.set(seat.label, 'notForSale');
  for (const channel of channels ?? []) {
    for (const label of channel.seats) taken.set(label, 'channel');
  }
  for (const ticket of tickets) taken.set(ticket.seat, 'reserved');
  return taken;
}

/**
 * The seats of a row from `from` to `to`, both included, in the row's order; only `to` when the
 * two are not in the same row.
 */
export function seatsBetween(chart: Chart, from: Seat, to: Seat): Seat[] {
  if (from.section !== to.section || from.row !== to.row) return [to];
  const low = Math.min(from.position, to.position);
  const high = Math.max(from.position, to.position);
  return chart.seats
    .filter(
      (seat) =>
        seat.section === to.section &&
        seat.row === to.row &&
        seat.position >= low &&
        seat.position <= high,
    )
    .sort((a, b) => a.position - b.position);
}
