import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { yup } from '../../shared/validation';
import type {
  EventFormKind,
  EventFormValues,
  TicketProductFormValues,
} from '../../shared/events/eventForm';
import {
  EVENT_TAB,
  INVITATIONS_TAB,
  RELATIONS_TAB,
  TABLE_PLAN_TAB,
  TICKETS_TAB,
  TYPE_INVITATIONS_TAB,
  TYPE_TABLE_PLAN_TAB,
} from '../../shared/events/eventTabs';
import type {
  EventContent,
  EventDto,
  EventSeating,
  EventSender,
  EventTicketProduct,
  EventTypeDto,
  NotificationTemplates,
  TypeRelations,
} from '../../shared/events/types';
import { isoToLocalInput, localInputToIso } from './eventDates';
import type { EventFiles, EventInput, EventTypeInput } from './eventEditorApi';

/** The invite attachment's limit in KB (spec 2 §9). */
export const INVITE_ATTACHMENT_KB = 10000;

/** The feature switches of the Arrangement tab, in the spec's order. */
export const EVENT_FLAGS = [
  'private',
  'businessOnly',
  'promote',
  'showParticipants',
  'hasTickets',
  'hasSeating',
  'hasSponsors',
  'hasTables',
] as const;

/** The dates of the Arrangement tab (activeDate is a day; the others date-times). */
export const EVENT_DATES = [
  'startDate',
  'endDate',
  'signUpStart',
  'signUpPublic',
  'signUpDeadline',
] as const;

const NO_TEMPLATES: NotificationTemplates = {
  invitation: null,
  reminder: null,
  update: null,
  cancelled: null,
  receipt: null,
};

/** What a new event or type holds before anything is typed (or a type fills it). */
export function emptyEventContent(sender: EventSender = { name: '', email: '' }): EventContent {
  return {
    ownerId: null,
    title: '',
    url: '',
    location: '',
    description: '',
    privateDescription: '',
    ticketDescription: '',
    terms: '',
    maxSignups: null,
    maxCompanySignups: null,
    bannerPicture: null,
    bannerBottom: null,
    inviteAttachment: null,
    inviteAttachmentName: null,
    private: false,
    businessOnly: false,
    promote: false,
    showParticipants: false,
    hasTickets: false,
    hasSeating: false,
    hasSponsors: false,
    hasTables: false,
    activeDate: null,
    startDate: null,
    endDate: null,
    signUpStart: null,
    signUpDeadline: null,
    signUpPublic: null,
    seating: null,
    sponsors: [],
    extraInfo: [],
    sender,
    invitees: {
      productIds: [],
      orderProductIds: [],
      companyIds: [],
      contactIds: [],
      contactListIds: [],
    },
    tablePlan: { productIds: [], cardPicture: null, cardFormat: 'A4', cardOrientation: 'Portrait' },
    notifications: {
      emailNotifications: { ...NO_TEMPLATES },
      smsNotifications: { ...NO_TEMPLATES },
      reminderInterval: null,
    },
    tickets: {
      controlType: 'None',
      template: null,
      ticketLogo: null,
      ticketPicture: null,
      products: [],
    },
  };
}

/** A new event (a sub-event of `parentId` when given). */
export function newEvent(parentId: string | null, sender?: EventSender): EventDto {
  return {
    ...emptyEventContent(sender),
    id: null,
    typeId: null,
    parentId,
    subEvents: [],
    version: 0,
    cancelledAt: null,
  };
}

/** A new event filled from a type's template: the type's form, with no id of its own. */
export function eventFromType(
  template: EventTypeDto,
  typeId: string,
  parentId: string | null,
): EventDto {
  return {
    ...template,
    id: null,
    typeId,
    parentId,
    subEvents: [],
    version: 0,
    cancelledAt: null,
  };
}

/** A type relates a new event to nothing until companies or contracts are chosen. */
export function noTypeRelations(): TypeRelations {
  return { companyIds: [], contractIds: [], companies: [], contracts: [] };
}

export function newEventType(): EventTypeDto {
  return { ...emptyEventContent(), id: null, relations: noTypeRelations(), events: [], version: 0 };
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const wholeNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function ticketProductFormValues(
  product: EventTicketProduct,
  timeZone: string,
): TicketProductFormValues {
  return {
    id: product.id,
    productId: product.productId,
    product: product.product,
    title: product.title,
    price: oreToDecimalText(product.price),
    releaseReservedAt: isoToLocalInput(product.releaseReservedAt, timeZone),
    maxAmount: numberText(product.maxAmount),
    maxCompanyAmount: numberText(product.maxCompanyAmount),
    nameRequired: product.nameRequired,
    public: product.public,
    disableAdditionalTickets: product.disableAdditionalTickets,
    publicPrice: oreToDecimalText(product.publicPrice),
    makePublicAt: isoToLocalInput(product.makePublicAt, timeZone),
    altStartDate: isoToLocalInput(product.altStartDate, timeZone),
    ticketDescription: product.ticketDescription ?? '',
  };
}

/** An empty row of the ticket product dialog. */
export function newTicketProduct(): TicketProductFormValues {
  return {
    id: null,
    productId: null,
    product: null,
    title: '',
    price: '',
    releaseReservedAt: '',
    maxAmount: '',
    maxCompanyAmount: '',
    nameRequired: false,
    public: true,
    disableAdditionalTickets: false,
    publicPrice: '',
    makePublicAt: '',
    altStartDate: '',
    ticketDescription: '',
  };
}

function ticketProductOf(values: TicketProductFormValues, timeZone: string) {
  return {
    id: values.id,
    productId: values.productId,
    title: values.title.trim(),
    price: decimalTextToOre(values.price) ?? 0,
    releaseReservedAt: localInputToIso(values.releaseReservedAt, timeZone),
    maxAmount: wholeNumber(values.maxAmount),
    maxCompanyAmount: wholeNumber(values.maxCompanyAmount),
    nameRequired: values.nameRequired,
    public: values.public,
    disableAdditionalTickets: values.disableAdditionalTickets,
    publicPrice: decimalTextToOre(values.publicPrice),
    makePublicAt: localInputToIso(values.makePublicAt, timeZone),
    altStartDate: localInputToIso(values.altStartDate, timeZone),
    ticketDescription: values.ticketDescription.trim() || null,
  };
}

/** The form's values of an event or a type, times in `timeZone`. */
export function eventFormValues(
  entity: EventContent & { typeId?: string | null; relations?: TypeRelations },
  timeZone: string,
): EventFormValues {
  const relations = entity.relations ?? noTypeRelations();
  return {
    typeId: entity.typeId ?? null,
    ownerId: entity.ownerId,
    title: entity.title,
    url: entity.url,
    location: entity.location,
    description: entity.description,
    privateDescription: entity.privateDescription,
    ticketDescription: entity.ticketDescription,
    terms: entity.terms,
    maxSignups: numberText(entity.maxSignups),
    maxCompanySignups: numberText(entity.maxCompanySignups),
    bannerPicture: entity.bannerPicture,
    bannerPictureFile: null,
    bannerBottom: entity.bannerBottom,
    bannerBottomFile: null,
    inviteAttachment: entity.inviteAttachment,
    inviteAttachmentName: entity.inviteAttachmentName,
    inviteAttachmentFile: null,
    private: entity.private,
    businessOnly: entity.businessOnly,
    promote: entity.promote,
    showParticipants: entity.showParticipants,
    hasTickets: entity.hasTickets,
    hasSeating: entity.hasSeating,
    hasSponsors: entity.hasSponsors,
    hasTables: entity.hasTables,
    seating: {
      chartId: entity.seating?.chartId ?? null,
      name: entity.seating?.name ?? null,
      maxSeatsPerSession: numberText(entity.seating?.maxSeatsPerSession),
      maxSessionsPerVisitor: numberText(entity.seating?.maxSessionsPerVisitor),
    },
    activeDate: entity.activeDate,
    startDate: isoToLocalInput(entity.startDate, timeZone),
    endDate: isoToLocalInput(entity.endDate, timeZone),
    signUpStart: isoToLocalInput(entity.signUpStart, timeZone),
    signUpPublic: isoToLocalInput(entity.signUpPublic, timeZone),
    signUpDeadline: isoToLocalInput(entity.signUpDeadline, timeZone),
    sponsors: entity.sponsors.map((sponsor) => ({
      type: sponsor.type,
      companies: sponsor.companyIds.map(
        (id) => sponsor.companies.find((company) => company.id === id) ?? { id, name: id },
      ),
    })),
    extraInfo: entity.extraInfo.map((info) => ({ ...info, values: info.values.join('\n') })),
    sender: { ...entity.sender },
    notifications: {
      emailNotifications: { ...NO_TEMPLATES, ...entity.notifications.emailNotifications },
      smsNotifications: { ...NO_TEMPLATES, ...entity.notifications.smsNotifications },
      reminderInterval: entity.notifications.reminderInterval,
    },
    tickets: {
      controlType: entity.tickets.controlType,
      template: entity.tickets.template,
      ticketLogo: entity.tickets.ticketLogo,
      ticketPicture: entity.tickets.ticketPicture,
      products: entity.tickets.products.map((product) =>
        ticketProductFormValues(product, timeZone),
      ),
    },
    ticketLogoFile: null,
    ticketPictureFile: null,
    tablePlan: {
      cardFormat: entity.tablePlan.cardFormat,
      cardOrientation: entity.tablePlan.cardOrientation,
    },
    invitees: {
      productIds: [...entity.invitees.productIds],
      orderProductIds: [...entity.invitees.orderProductIds],
      companyIds: [...entity.invitees.companyIds],
      contactIds: [...entity.invitees.contactIds],
      contactListIds: [...entity.invitees.contactListIds],
    },
    relations: {
      companies: relations.companyIds.map(
        (id) => relations.companies.find((company) => company.id === id) ?? { id, name: id },
      ),
      contracts: relations.contractIds.flatMap((id) =>
        relations.contracts.filter((contract) => contract.id === id),
      ),
    },
  };
}

/**
 * The seating with the chosen chart; the rest of it (the seating event id) as it was read. Without
 * seating the chart select is hidden, and what was stored goes back as it was.
 */
function seatingOf(stored: EventSeating | null, values: EventFormValues): EventSeating | null {
  const { chartId, name, maxSeatsPerSession, maxSessionsPerVisitor } = values.seating;
  if (!values.hasSeating || (!stored && !chartId)) return stored;
  return {
    eventId: null,
    ...stored,
    chartId,
    name: chartId ? name : null,
    maxSeatsPerSession: wholeNumber(maxSeatsPerSession) ?? undefined,
    maxSessionsPerVisitor: wholeNumber(maxSessionsPerVisitor) ?? undefined,
  };
}

/**
 * The form as the event form of the API: money in øre, times in UTC. What the form does not edit
 * (the seating event id, the table plan's products and picture, the names of the sponsors and
 * ticket products) goes back as it was read.
 */
function contentOf(stored: EventContent, values: EventFormValues, timeZone: string): EventContent {
  return {
    seating: seatingOf(stored.seating, values),
    invitees: values.invitees,
    ownerId: values.ownerId,
    title: values.title.trim(),
    url: values.url.trim(),
    location: values.location.trim(),
    description: values.description,
    privateDescription: values.privateDescription,
    ticketDescription: values.ticketDescription,
    terms: values.terms,
    // With tickets the places are the ticket products' (spec 2 §3).
    maxSignups: values.hasTickets ? stored.maxSignups : wholeNumber(values.maxSignups),
    maxCompanySignups: values.hasTickets
      ? stored.maxCompanySignups
      : wholeNumber(values.maxCompanySignups),
    bannerPicture: values.bannerPicture,
    bannerBottom: values.bannerBottom,
    inviteAttachment: values.inviteAttachment,
    inviteAttachmentName: values.inviteAttachment ? values.inviteAttachmentName : null,
    private: values.private,
    businessOnly: values.businessOnly,
    promote: values.promote,
    showParticipants: values.showParticipants,
    hasTickets: values.hasTickets,
    hasSeating: values.hasSeating,
    hasSponsors: values.hasSponsors,
    hasTables: values.hasTables,
    activeDate: values.activeDate,
    startDate: localInputToIso(values.startDate, timeZone),
    endDate: localInputToIso(values.endDate, timeZone),
    signUpStart: localInputToIso(values.signUpStart, timeZone),
    signUpPublic: localInputToIso(values.signUpPublic, timeZone),
    signUpDeadline: localInputToIso(values.signUpDeadline, timeZone),
    sponsors: values.sponsors
      .filter((sponsor) => sponsor.companies.length > 0)
      .map((sponsor) => ({
        type: sponsor.type,
        companyIds: sponsor.companies.map((company) => company.id),
        companies: sponsor.companies,
      })),
    extraInfo: values.extraInfo.map((info) => ({
      ...info,
      title: info.title.trim(),
      alias: info.alias.trim(),
      values: lines(info.values),
    })),
    sender: { name: values.sender.name.trim(), email: values.sender.email.trim() },
    notifications: values.notifications,
    tickets: {
      controlType: values.tickets.controlType,
      template: values.tickets.template,
      ticketLogo: values.tickets.ticketLogo,
      ticketPicture: values.tickets.ticketPicture,
      products: values.tickets.products.map((product) => ({
        ...ticketProductOf(product, timeZone),
        product: product.product,
      })),
    },
    tablePlan: { ...stored.tablePlan, ...values.tablePlan },
  };
}

/** `POST /events/update`: the form with the id and version the event was read at. */
export function eventPayload(
  stored: EventDto,
  values: EventFormValues,
  timeZone: string,
): EventInput {
  return {
    id: stored.id,
    version: stored.version,
    parentId: stored.parentId,
    typeId: values.typeId,
    ...contentOf(stored, values, timeZone),
  };
}

/** `POST /events/types/update`: the form with the id and version the type was read at. */
export function eventTypePayload(
  stored: EventTypeDto,
  values: EventFormValues,
  timeZone: string,
): EventTypeInput {
  const { companies, contracts } = values.relations;
  return {
    id: stored.id,
    version: stored.version,
    ...contentOf(stored, values, timeZone),
    relations: {
      companyIds: companies.map((company) => company.id),
      contractIds: contracts.map((contract) => contract.id),
      companies,
      contracts,
    },
  };
}

/** The files the form chose, as the save's parts. */
export function eventFiles(values: EventFormValues): EventFiles {
  return {
    bannerPictureFile: values.bannerPictureFile,
    bannerBottomFile: values.bannerBottomFile,
    inviteAttachmentFile: values.inviteAttachmentFile,
    ticketLogoFile: values.ticketLogoFile,
    ticketPictureFile: values.ticketPictureFile,
  };
}

/** Where the server names a file or a list by its stored field, the form has the file's chooser. */
const SERVER_FIELDS: Record<string, string> = {
  bannerPicture: 'bannerPictureFile',
  bannerBottom: 'bannerBottomFile',
  inviteAttachment: 'inviteAttachmentFile',
  'tickets.ticketLogo': 'ticketLogoFile',
  'tickets.ticketPicture': 'ticketPictureFile',
  ticketLogo: 'ticketLogoFile',
  ticketPicture: 'ticketPictureFile',
};

/** The form's name of a field the server names in a 422 ('tickets.products.0.title' stays). */
export function eventFieldOf(serverField: string): string {
  const sponsor = /^sponsors\.(\d+)\.companyIds/.exec(serverField);
  if (sponsor) return `sponsors.${sponsor[1]}.companies`;
  if (serverField === 'relations.companyIds') return 'relations.companies';
  if (serverField === 'relations.contractIds') return 'relations.contracts';
  return SERVER_FIELDS[serverField] ?? serverField;
}

/** The tab of the kind's editor showing the first of `fields` (form names) with a message. */
export function tabOfErrors(fields: string[], kind: EventFormKind = 'type'): number {
  const isEvent = kind === 'event';
  const tabOf = (field: string) => {
    if (
      field.startsWith('tickets') ||
      field === 'ticketLogoFile' ||
      field === 'ticketPictureFile'
    ) {
      return TICKETS_TAB;
    }
    if (field.startsWith('tablePlan')) return isEvent ? TABLE_PLAN_TAB : TYPE_TABLE_PLAN_TAB;
    if (field.startsWith('invitees')) return isEvent ? INVITATIONS_TAB : TYPE_INVITATIONS_TAB;
    if (field.startsWith('relations')) return RELATIONS_TAB;
    return EVENT_TAB;
  };
  const tabs = fields.map(tabOf);
  return tabs.includes(EVENT_TAB) ? EVENT_TAB : (tabs[0] ?? EVENT_TAB);
}

/**
 * Spec 2 §5 "Ticket product", as the server checks it: a product (a ticket or seat ticket of the
 * club), a title, a price of at least 0, whole numbers of at least 0 as the maxima, and a public
 * price of at least 0.
 */
export function ticketProductSchema(t: TFunction) {
  const label = (field: string) => t(`events.ticketProduct.${field}`);
  return yup.object({
    productId: yup.string().nullable().required(t('events.validation.productRequired')),
    title: yup.string().label(label('title')).trim().required(),
    price: yup.string().label(label('price')).trim().required().decimal().minValue(0),
    maxAmount: yup.string().label(label('maxAmount')).trim().numeric(),
    maxCompanyAmount: yup.string().label(label('maxCompanyAmount')).trim().numeric(),
    publicPrice: yup.string().label(label('publicPrice')).trim().decimal().minValue(0),
  });
}

/**
 * Spec 2 §5 "Event" and "Sender" as the contract's server checks them: an event needs a title, a
 * type, the start, end, sign-up start and deadline (the end not before the start, the deadline not
 * after the end, sign-up not opening after the deadline, public sign-up between the two), the
 * sender's name and e-mail, and with seating its chart ('Pladskort'); a type needs only its title.
 * Banners and ticket pictures are images; the invite attachment is at most 10000 KB.
 */
export function eventSchema(t: TFunction, kind: EventFormKind) {
  const label = (field: string) => t(`events.fields.${field}`);
  const message = (key: string) => t(`events.validation.${key}`);
  const isEvent = kind === 'event';
  const dateTime = (field: string) => {
    const schema = yup.string().label(label(field));
    return isEvent && field !== 'signUpPublic' ? schema.required() : schema;
  };
  /** The date-time is in order with the sibling `other` (both given; the inputs compare as text). */
  const inOrderWith =
    (other: (typeof EVENT_DATES)[number], inOrder: (value: string, other: string) => boolean) =>
    (value: string | undefined, context: yup.TestContext) => {
      const otherValue = (context.parent as EventFormValues)[other];
      return !value || !otherValue || inOrder(value, otherValue);
    };
  const image = (field: string) => yup.mixed().nullable().label(label(field)).image();

  return yup.object({
    title: yup.string().label(label('title')).trim().required(),
    typeId: isEvent
      ? yup.string().nullable().required(message('typeRequired'))
      : yup.string().nullable(),
    startDate: dateTime('startDate'),
    endDate: dateTime('endDate').test(
      'end-after-start',
      message('endBeforeStart'),
      inOrderWith('startDate', (end, start) => end >= start),
    ),
    signUpDeadline: dateTime('signUpDeadline').test(
      'deadline-before-end',
      message('deadlineAfterEnd'),
      inOrderWith('endDate', (deadline, end) => deadline <= end),
    ),
    signUpStart: dateTime('signUpStart').test(
      'start-before-deadline',
      message('signUpStartAfterDeadline'),
      inOrderWith('signUpDeadline', (start, deadline) => start <= deadline),
    ),
    signUpPublic: dateTime('signUpPublic')
      .test(
        'public-after-start',
        message('signUpPublicOutside'),
        inOrderWith('signUpStart', (open, start) => open >= start),
      )
      .test(
        'public-before-deadline',
        message('signUpPublicOutside'),
        inOrderWith('signUpDeadline', (open, deadline) => open <= deadline),
      ),
    seating: yup
      .object({
        chartId: yup.string().nullable(),
        maxSeatsPerSession: yup.string().label(label('maxSeatsPerSession')).trim().numeric(),
        maxSessionsPerVisitor: yup.string().label(label('maxSessionsPerVisitor')).trim().numeric(),
      })
      .when('hasSeating', {
        is: (hasSeating: boolean) => isEvent && hasSeating,
        then: (schema) =>
          schema.shape({
            chartId: yup.string().nullable().required(message('chartRequired')),
          }),
      }),
    maxSignups: yup.string().label(label('maxSignups')).trim().numeric(),
    maxCompanySignups: yup.string().label(label('maxCompanySignups')).trim().numeric(),
    bannerPictureFile: image('bannerPicture'),
    bannerBottomFile: image('bannerBottom'),
    inviteAttachmentFile: yup
      .mixed()
      .nullable()
      .label(label('inviteAttachment'))
      .size(INVITE_ATTACHMENT_KB),
    ticketLogoFile: image('ticketLogo'),
    ticketPictureFile: image('ticketPicture'),
    sender: isEvent
      ? yup.object({
          name: yup.string().label(label('senderName')).trim().required(),
          email: yup.string().label(label('senderEmail')).trim().required().email(),
        })
      : yup.object({
          email: yup.string().label(label('senderEmail')).trim().email(),
        }),
    extraInfo: yup.array().of(
      yup.object({
        title: yup.string().label(label('extraInfoTitle')).trim().required(),
        alias: yup.string().label(label('extraInfoAlias')).trim().required(),
      }),
    ),
    tickets: yup.object({
      products: yup.array().of(ticketProductSchema(t)),
    }),
  });
}
