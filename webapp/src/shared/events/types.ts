/**
 * Events slice A (issue 15, spec 2 §3 Event and Event ticket product). The server's types are
 * generated from the Rust types (`src/api/generated/events.ts`); this file names them for the
 * areas of an event (its editor, door, invitations, table plan and point of sale) and adds the
 * choices the screens offer.
 */

import type * as api from '../../api/generated/events';
import type * as seats from '../../api/generated/seats';

export { REMINDER_INTERVALS } from '../../api/generated/events';

/** Spec 2 §9: A4, A4 folded, A5; Portrait or Landscape. */
export const CARD_FORMATS = ['A4', 'A4 folded', 'A5'] as const satisfies readonly api.CardFormat[];
export const CARD_ORIENTATIONS = [
  'Portrait',
  'Landscape',
] as const satisfies readonly api.CardOrientation[];

/** The messages with an e-mail and an SMS template (spec 2 §3 notifications). */
export const NOTIFICATION_KEYS = [
  'invitation',
  'reminder',
  'update',
  'cancelled',
  'receipt',
] as const satisfies readonly (keyof api.NotificationTemplates)[];

/** Ingen, Manuel, Scan (spec 2 §4; default None). */
export const CONTROL_TYPES = [
  'None',
  'Manual',
  'Scan',
] as const satisfies readonly api.ControlType[];

/** The event as its editor reads it (`GET /events/{id}`); a new one has no id. */
export type EventDto = api.EventDto;
/** A type: the event form it fills, with its title (`GET /events/types/{id}`). */
export type EventTypeDto = api.EventTypeDto;
/** A type's Relationer: the companies and contracts a new event of the type is linked to. */
export type TypeRelations = api.TypeRelations;
/** A contract as a type's Relationer names it. */
export type TypeContractRef = api.TypeContract;
/** What an event and a type both hold: the event form. */
export type EventContent = api.EventContent;

export type EventTicketProduct = api.EventTicketProduct;
export type EventSender = api.EventSender;
export type EventTablePlan = api.EventTablePlan;
export type EventNotifications = api.EventNotifications;
export type NotificationTemplates = api.NotificationTemplates;
export type EventExtraInfoType = api.ExtraInfoType;
export type ControlType = api.ControlType;
export type CompanyRef = api.EventCompany;
/** Whom the event invites: agreement and order products, companies, contacts and contact lists. */
export type EventInvitees = api.EventInvitees;

/** A row of `POST /events/v2`: a main event with its sub-events. */
export type EventRow = api.EventListRow;
/** A row of `POST /events/types/v2`. */
export type EventTypeRow = api.EventTypeListRow;
/** `GET /events/types`: the type select's choices. */
export type EventTypeChoice = api.EventTypeChoice;

/** The event's seat chart: `chartId` is the chart's key, `name` its name (spec 2 §3 seating). */
export type EventSeating = api.EventSeating;
/** `GET /api/seats/charts`: the charts the 'Pladskort' select offers. */
export type SeatChartChoice = seats.ChartSummary;
/** `GET /api/seats/events/{id}`: the chart, each seat's state and holder, the counts per section. */
export type SeatOverview = seats.SeatOverview;
export type SeatSectionCount = seats.SectionCount;
export type EventSeat = seats.EventSeat;
