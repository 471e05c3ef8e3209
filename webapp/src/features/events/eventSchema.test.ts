import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { matchType, savedEvent, seatedEvent, ticketProduct } from '../../test/events';
import {
  EVENT_TAB,
  INVITATIONS_TAB,
  RELATIONS_TAB,
  TABLE_PLAN_TAB,
  TICKETS_TAB,
  TYPE_INVITATIONS_TAB,
  TYPE_TABLE_PLAN_TAB,
} from '../../shared/events/eventTabs';
import {
  eventFieldOf,
  eventFormValues,
  eventFromType,
  eventPayload,
  eventSchema,
  eventTypePayload,
  tabOfErrors,
} from './eventSchema';

const BERLIN = 'Europe/Berlin';

/** The hold limits' fields left empty (the server's defaults). */
const noLimits = { maxSeatsPerSession: '', maxSessionsPerVisitor: '' };

describe('the event form', () => {
  it('sends back what it read: times in UTC, money in øre, without the sub-events or the cancellation', () => {
    const event = savedEvent({
      sponsors: [
        { type: 'Hovedsponsor', companyIds: ['c-1'], companies: [{ id: 'c-1', name: 'Bageriet' }] },
      ],
      extraInfo: [
        {
          title: 'Kost',
          alias: 'kost',
          type: 'Select',
          values: ['Vegetar', 'Vegan'],
          multiple: false,
          required: true,
        },
      ],
      maxSignups: 200,
      activeDate: '2026-12-01',
      signUpPublic: '2026-11-15T08:00:00Z',
      tickets: {
        controlType: 'Manual',
        template: 'Default',
        ticketLogo: '/files/logo.png',
        ticketPicture: null,
        products: [
          ticketProduct({
            publicPrice: 30_050,
            makePublicAt: '2026-11-20T11:00:00Z',
            ticketDescription: 'Indgang B',
          }),
        ],
      },
    });
    const payload = eventPayload(event, eventFormValues(event, BERLIN), BERLIN);
    expect({ ...payload, subEvents: event.subEvents, cancelledAt: event.cancelledAt }).toEqual(
      event,
    );
    expect(payload).not.toHaveProperty('subEvents');
    expect(payload).not.toHaveProperty('cancelledAt');
  });

  it("keeps a type's form and relations as they were read, without its events", () => {
    const type = matchType({
      relations: {
        companyIds: ['c-2'],
        contractIds: ['k-1'],
        companies: [{ id: 'c-2', name: 'Nordisk Byg ApS' }],
        contracts: [{ id: 'k-1', contractNumber: 1001, companyName: 'Nordisk Byg ApS' }],
      },
      events: [{ id: 'e-1', title: 'Derby', startDate: '2026-12-05T18:30:00Z' }],
    });
    const payload = eventTypePayload(type, eventFormValues(type, BERLIN), BERLIN);
    expect({ ...payload, events: type.events }).toEqual(type);
    expect(payload).not.toHaveProperty('events');
  });

  it("starts a new event from a type's template with no id of its own", () => {
    const event = eventFromType(matchType(), 't-1', 'e-9');
    expect(event).toMatchObject({ id: null, typeId: 't-1', parentId: 'e-9', version: 0 });
    expect(event.title).toBe('Kamp');
    expect(event.tickets.products).toEqual([ticketProduct()]);
  });

  it('puts the places of an event with tickets back as they were', () => {
    const event = savedEvent({ maxSignups: 50 });
    const values = { ...eventFormValues(event, BERLIN), hasTickets: true, maxSignups: '80' };
    expect(eventPayload(event, values, BERLIN).maxSignups).toBe(50);
  });

  it('sends the seating back as it was read', () => {
    const event = seatedEvent();
    const values = eventFormValues(event, BERLIN);
    expect(values.seating).toEqual({ ...noLimits, chartId: 'stadion', name: 'Stadion' });
    expect(eventPayload(event, values, BERLIN).seating).toEqual(event.seating);
  });

  it("saves the chosen chart's key and name, keeping the seating event id", () => {
    const event = seatedEvent();
    const values = {
      ...eventFormValues(event, BERLIN),
      seating: { ...noLimits, chartId: 'arena', name: 'Arena' },
    };
    expect(eventPayload(event, values, BERLIN).seating).toEqual({
      chartId: 'arena',
      name: 'Arena',
      eventId: 'seat-event-1',
    });

    const unseated = savedEvent();
    const seating = { ...noLimits, chartId: 'stadion', name: 'Stadion' };
    expect(
      eventPayload(
        unseated,
        { ...eventFormValues(unseated, BERLIN), hasSeating: true, seating },
        BERLIN,
      ).seating,
    ).toEqual({ chartId: 'stadion', name: 'Stadion', eventId: null });
  });

  it("saves the limits on a visitor's seat holds, an empty one as the server's default", () => {
    const event = seatedEvent({
      seating: { chartId: 'stadion', name: 'Stadion', eventId: null, maxSeatsPerSession: 12 },
    });
    const values = eventFormValues(event, BERLIN);
    expect(values.seating.maxSeatsPerSession).toBe('12');
    expect(values.seating.maxSessionsPerVisitor).toBe('');
    const seating = eventPayload(
      event,
      { ...values, seating: { ...values.seating, maxSessionsPerVisitor: '6' } },
      BERLIN,
    ).seating;
    expect(seating?.maxSeatsPerSession).toBe(12);
    expect(seating?.maxSessionsPerVisitor).toBe(6);
    const cleared = eventPayload(
      event,
      { ...values, seating: { ...values.seating, maxSeatsPerSession: ' ' } },
      BERLIN,
    ).seating;
    expect(cleared?.maxSeatsPerSession).toBeUndefined();
  });

  it('puts the seating back as it was when seating is turned off', () => {
    const event = seatedEvent();
    const values = {
      ...eventFormValues(event, BERLIN),
      hasSeating: false,
      seating: { ...noLimits, chartId: 'arena', name: 'Arena' },
    };
    expect(eventPayload(event, values, BERLIN).seating).toEqual(event.seating);
  });

  it('needs a chart for an event with seating, not for a type', async () => {
    const values = { ...eventFormValues(savedEvent(), BERLIN), hasSeating: true };
    await expect(
      eventSchema(i18next.t, 'event').validateAt('seating.chartId', values),
    ).rejects.toThrow('Pladskort skal vælges');
    await expect(
      eventSchema(i18next.t, 'event').validateAt('seating.chartId', {
        ...values,
        hasSeating: false,
      }),
    ).resolves.toBeNull();
    await expect(
      eventSchema(i18next.t, 'type').validateAt('seating.chartId', values),
    ).resolves.toBeNull();
  });

  it("names the server's fields as the form does and shows their tab", () => {
    expect(eventFieldOf('bannerPicture')).toBe('bannerPictureFile');
    expect(eventFieldOf('tickets.ticketLogo')).toBe('ticketLogoFile');
    expect(eventFieldOf('sponsors.1.companyIds')).toBe('sponsors.1.companies');
    expect(eventFieldOf('tickets.products.0.price')).toBe('tickets.products.0.price');
    expect(tabOfErrors(['tickets', 'title'])).toBe(EVENT_TAB);
    expect(tabOfErrors(['tickets.products.0.price'])).toBe(TICKETS_TAB);
    expect(tabOfErrors(['tablePlan'])).toBe(TYPE_TABLE_PLAN_TAB);
    expect(tabOfErrors(['seating'])).toBe(EVENT_TAB);
    expect(tabOfErrors(['invitees.companyIds'])).toBe(TYPE_INVITATIONS_TAB);
    expect(tabOfErrors(['invitees.companyIds'], 'event')).toBe(INVITATIONS_TAB);
    expect(tabOfErrors(['tablePlan'], 'event')).toBe(TABLE_PLAN_TAB);
    expect(eventFieldOf('relations.companyIds')).toBe('relations.companies');
    expect(eventFieldOf('relations.contractIds')).toBe('relations.contracts');
    expect(tabOfErrors(['relations.contracts'])).toBe(RELATIONS_TAB);
  });

  it('orders the dates as the server does', async () => {
    const schema = eventSchema(i18next.t, 'event');
    const values = {
      ...eventFormValues(savedEvent(), BERLIN),
      signUpPublic: '2026-12-05T10:00',
    };
    await expect(schema.validateAt('signUpPublic', values)).rejects.toThrow(
      'Offentlig tilmelding skal ligge mellem tilmelding åbner og tilmeldingsfristen',
    );
    await expect(
      schema.validateAt('signUpDeadline', { ...values, signUpDeadline: '2026-12-06T10:00' }),
    ).rejects.toThrow('Tilmeldingsfristen må ikke være efter slut');
    await expect(
      schema.validateAt('signUpStart', { ...values, signUpStart: '2026-12-05T10:00' }),
    ).rejects.toThrow('Tilmelding åbner må ikke være efter tilmeldingsfristen');
  });
});
