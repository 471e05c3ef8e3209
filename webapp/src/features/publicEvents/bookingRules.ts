import type { TFunction } from 'i18next';
import type {
  BookingInput,
  CustomerChoice,
  PricedBooking,
  PricedLine,
  PricedSeat,
  PublicEvent,
  PublicProduct,
} from '../../api/generated/booking';
import type { EventExtraInfo, PublicInvite } from '../../api/generated/events';
import type { ExtraInfoValue } from '../../api/generated/orders';
import { holdsSeveral, type ExtraInfoDefinition } from '../../shared/extraInfoDefinition';
import type { PickedSeat } from '../../shared/seats/seatModel';
import type {
  BookingAnswers,
  BookingContact,
  BookingLine,
  LocalBooking,
  WizardStep,
} from './localBooking';
import { GUEST_KEY } from './localBooking';

/**
 * How many more of a product the buyer may add (spec 2 §5): the available count less what is
 * already in the booking, capped by the buyer's own maximum less what they hold; null when
 * nothing limits it. The server's rule (domain `booking::max_more`) in the browser.
 */
export function maxMore(product: PublicProduct, inBooking = 0): number | null {
  const byStock = product.available === null ? null : product.available - inBooking;
  const byBuyer =
    product.maxAmount === null ? null : product.maxAmount - product.purchased - inBooking;
  const limits = [byStock, byBuyer].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

/** Every product costs nothing: a free registration ('Antal', 'Tilmeld som', 'Bekræft tilmelding'). */
export function isFreeRegistration(products: PublicProduct[]): boolean {
  return products.length > 0 && products.every((product) => product.price === 0);
}

/** A product whose tickets are seats picked on the event's seat map (issue 16). */
export function isSeatTicket(product: PublicProduct): boolean {
  return product.type === 'seat-ticket';
}

/** Step 1's form: one line per product on offer, in the offer's order. */
export interface TicketLineValues {
  amount: number;
  names: string[];
  /** A seat-ticket's seats picked so far, and the hold session that holds them. */
  seats: PickedSeat[];
  holdToken: string | null;
  /** The add-ons chosen for each of the line's tickets (their products' ids). */
  options: string[];
}

export interface TicketsValues {
  lines: TicketLineValues[];
}

/** The add-ons a new line starts with: those the club chose in advance. */
export function preselectedOptions(product: PublicProduct): string[] {
  return product.options.filter((option) => option.selected).map((option) => option.productId);
}

/** The chosen add-ons the product still offers, in its order. */
function offeredOptions(product: PublicProduct, chosen: string[]): string[] {
  return product.options
    .map((option) => option.productId)
    .filter((productId) => chosen.includes(productId));
}

/** The form's line of a product, from what the booking holds of it. */
export function ticketLineValues(product: PublicProduct, lines: BookingLine[]): TicketLineValues {
  const line = lines.find((candidate) => candidate.productId === product.productId);
  const amount = line?.amount ?? 0;
  const seated = isSeatTicket(product);
  return {
    amount,
    names: product.nameRequired ? resizedNames(line?.names ?? [], amount) : [],
    seats: seated ? (line?.seats ?? []) : [],
    holdToken: seated ? (line?.holdToken ?? null) : null,
    options: offeredOptions(product, line?.options ?? preselectedOptions(product)),
  };
}

/** One name per ticket: cut or padded with empty names. */
export function resizedNames(names: string[], amount: number): string[] {
  return Array.from({ length: Math.max(0, amount) }, (_, index) => names[index] ?? '');
}

/** The booking's lines from the form (every product, also those at 0). */
export function bookingLines(products: PublicProduct[], values: TicketsValues): BookingLine[] {
  return products.map((product, index) => {
    const line = values.lines[index];
    const amount = line?.amount ?? 0;
    const names = product.nameRequired ? resizedNames(line?.names ?? [], amount) : [];
    const options = offeredOptions(product, line?.options ?? []);
    if (!isSeatTicket(product)) return { productId: product.productId, amount, names, options };
    return {
      productId: product.productId,
      amount,
      names,
      seats: line?.seats ?? [],
      holdToken: line?.holdToken ?? null,
      options,
    };
  });
}

/**
 * The booking's lines of an invitation: each invited product the customer is offered (by its
 * catalogue product; a product sold in two rows is taken once) with the free tickets left, as
 * many as may still be taken.
 */
export function invitedLines(invite: PublicInvite, products: PublicProduct[]): BookingLine[] {
  const lines: BookingLine[] = [];
  const taken = new Set<string>();
  for (const product of products) {
    const invited = invite.products.find(
      (candidate) =>
        !taken.has(candidate.productId) &&
        (candidate.productId === product.catalogueProductId ||
          candidate.productId === product.productId),
    );
    if (!invited) continue;
    taken.add(invited.productId);
    const max = maxMore(product);
    const amount = Math.min(invited.left, max ?? invited.left);
    if (amount <= 0) continue;
    const names = product.nameRequired ? resizedNames([], amount) : [];
    const options = preselectedOptions(product);
    lines.push(
      isSeatTicket(product)
        ? { productId: product.productId, amount, names, seats: [], holdToken: null, options }
        : { productId: product.productId, amount, names, options },
    );
  }
  return lines;
}

export function totalAmount(values: TicketsValues): number {
  return values.lines.reduce((sum, line) => sum + Math.max(0, line.amount || 0), 0);
}

/** Step 1's errors of one line: its amount's, a name's per ticket, its seats'. */
export interface TicketLineErrors {
  amount?: string;
  names?: (string | undefined)[];
  seats?: string;
}

/**
 * Spec 2 §5 "Public quantity" and "Free registration": at least 0, at most what may still be
 * added ('Max. N mere til dette arrangement'; for a free registration 'Der er kun N
 * tilgængelige pladser'), a holder's name per ticket where the product asks for names, and a
 * seat-ticket's seat per ticket ('Plads skal vælges!', spec 3 §5). Written out rather than as a
 * yup schema: step 1 opens the event page, which loads no form library (issue 36). By line, in
 * the products' order; a line without errors is undefined.
 */
export function ticketsErrors(
  products: PublicProduct[],
  free: boolean,
  values: TicketsValues,
  t: TFunction,
): (TicketLineErrors | undefined)[] {
  return products.map((product, index) => {
    const line = values.lines[index];
    const amount = line?.amount ?? 0;
    const errors: TicketLineErrors = {};
    const max = maxMore(product);
    if (!Number.isInteger(amount) || amount < 0) {
      errors.amount = t('validation.minValue', {
        field: t('publicEvents.tickets.amount'),
        min: 0,
      });
    } else if (max !== null && amount > max) {
      errors.amount = t(free ? 'publicEvents.tickets.onlyPlaces' : 'publicEvents.tickets.maxMore', {
        count: max,
      });
    }
    if (product.nameRequired) {
      const names = (line?.names ?? []).map((name) =>
        name.trim() === '' ? t('publicEvents.tickets.holderNameRequired') : undefined,
      );
      if (names.some(Boolean)) errors.names = names;
    }
    if (isSeatTicket(product) && amount > 0 && (line?.seats.length ?? 0) !== amount) {
      errors.seats = t('publicEvents.tickets.seatRequired');
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  });
}

/** Step 2's form: the customer, the password of 'Opret bruger', the answers. */
export interface ContactValues extends BookingContact {
  password: string;
  answers: BookingAnswers;
}

/** The event's questions as the form kit's extra-info fields, named by their place (`q0` …). */
export function questionDefinitions(questions: EventExtraInfo[]): ExtraInfoDefinition[] {
  return questions.map((question, index) => ({
    title: question.title,
    alias: questionAlias(index),
    type: question.type,
    values: question.values,
    multiple: question.multiple,
    required: question.required,
  }));
}

export function questionAlias(index: number): string {
  return `q${index}`;
}

/** The answers' starting values: what the booking holds, else nothing chosen. */
export function answerValues(definitions: ExtraInfoDefinition[], stored: BookingAnswers) {
  return Object.fromEntries(
    definitions.map((definition) => {
      const value = stored[definition.alias];
      if (holdsSeveral(definition)) {
        return [definition.alias, Array.isArray(value) ? value : value ? [value] : []];
      }
      return [definition.alias, Array.isArray(value) ? (value[0] ?? '') : (value ?? '')];
    }),
  ) as BookingAnswers;
}

/** The answers as the booking sends them: `{title, value}` or, for several, `{title, values}`. */
export function answersPayload(
  questions: EventExtraInfo[],
  answers: BookingAnswers,
): ExtraInfoValue[] {
  return questionDefinitions(questions).map((definition) => {
    const answer = answers[definition.alias];
    if (holdsSeveral(definition)) {
      const values = Array.isArray(answer) ? answer : answer ? [answer] : [];
      return { title: definition.title, value: null, values };
    }
    const value = Array.isArray(answer) ? (answer[0] ?? '') : (answer ?? '');
    return { title: definition.title, value, values: null };
  });
}

/** As the server's `passwords::MIN_LENGTH`. */
export const PASSWORD_MIN_LENGTH = 8;

/** Whom the booking is for, by the key chosen ('none': a guest). */
export function customerOf(event: PublicEvent, key: string | null): CustomerChoice | null {
  if (key === null || key === GUEST_KEY) return null;
  return event.customers.find((choice) => choice.key === key) ?? null;
}

/** A line as the booking sends it: a seat-ticket's seat is a line of its own. */
export interface SentLine {
  productId: string;
  amount: number;
  names: string[];
  seat: PickedSeat | null;
  holdToken: string | null;
  options: string[];
}

/**
 * The lines the booking sends: those with an amount, with names where the product asks. A
 * seat-ticket sends one line per seat (amount 1, with its seat and hold session), and while
 * seats are still to be picked a line of the rest, so the price counts them.
 */
export function sentLines(lines: BookingLine[]): SentLine[] {
  return lines
    .filter((line) => line.amount > 0)
    .flatMap((line) => {
      const seats = (line.seats ?? []).slice(0, line.amount);
      const holdToken = line.holdToken ?? null;
      const named = line.names.length > 0;
      const options = line.options ?? [];
      const seated = seats.map((seat, index) => ({
        productId: line.productId,
        amount: 1,
        names: named ? [line.names[index] ?? ''] : [],
        seat,
        holdToken,
        options,
      }));
      const rest = line.amount - seats.length;
      if (rest <= 0) return seated;
      return [
        ...seated,
        {
          productId: line.productId,
          amount: rest,
          names: named ? line.names.slice(seats.length) : [],
          seat: null,
          holdToken: null,
          options,
        },
      ];
    });
}

/** A priced line as the buyer reads it: with the seats of the server's lines it joins. */
export interface ShownPricedLine extends PricedLine {
  seats: PricedSeat[];
}

/**
 * The priced lines as the buyer reads them: lines of one product at one price (a seat-ticket's
 * line per seat) as one, with the amounts and totals added up and the seats the server priced
 * (never the browser's own record of what was picked: the seats shown are the seats sold).
 */
export function mergedPricedLines(lines: PricedLine[]): ShownPricedLine[] {
  const merged: ShownPricedLine[] = [];
  for (const line of lines) {
    const seats = line.seat ? [line.seat] : [];
    const same = merged.find(
      (candidate) => candidate.productId === line.productId && candidate.price === line.price,
    );
    if (same) {
      same.amount += line.amount;
      same.free += line.free;
      same.total += line.total;
      same.seats.push(...seats);
    } else {
      merged.push({ ...line, seats });
    }
  }
  return merged;
}

interface BookingExtras {
  password?: string;
  acceptTerms?: boolean;
}

/** The booking as the calls send it (spec 2 §3 Booking); the server prices it. */
export function bookingInput(
  event: PublicEvent,
  booking: LocalBooking,
  { password = '', acceptTerms = false }: BookingExtras = {},
): BookingInput {
  const choice = customerOf(event, booking.customerKey);
  const contact = booking.contact;
  const createUser = contact?.createUser ?? false;
  return {
    eventId: event.id,
    companyId: choice?.companyId ?? null,
    contactId: choice?.contactId ?? null,
    products: sentLines(booking.lines).map((line) => ({
      productId: line.productId,
      amount: line.amount,
      name: null,
      names: line.names,
      extraInfo: [],
      holdToken: line.seat ? line.holdToken : null,
      seat: line.seat?.label ?? null,
      section: line.seat?.section ?? null,
      row: line.seat?.row ?? null,
      seatNumber: line.seat?.seatNumber ?? null,
      color: line.seat?.color ?? null,
      options: line.options.map((productId) => ({ productId })),
    })),
    firstname: contact?.firstname.trim() ?? '',
    lastname: contact?.lastname.trim() ?? '',
    email: contact?.email.trim() ?? '',
    phone: contact?.phone.trim() ?? '',
    createUser,
    password: createUser && password ? password : null,
    extraInfo: answersPayload(event.extraInfo, booking.answers),
    acceptTerms,
    discountCode: null,
    ...(booking.inviteToken ? { inviteToken: booking.inviteToken } : {}),
  };
}

/**
 * The booking with the free tickets each line was shown (`create-intent`'s price): when the
 * company's free tickets went to another booking meanwhile, `book` refuses the line rather
 * than charge for them, and the wizard prices it again.
 */
export function withFreeShown(input: BookingInput, priced: PricedBooking): BookingInput {
  return {
    ...input,
    products: input.products.map((line, index) => ({
      ...line,
      free: priced.bookingProducts[index]?.free ?? 0,
    })),
  };
}

/** A server refusal sorted by the step whose form shows it. */
export interface PlacedErrors {
  /** The first step with an error: the wizard goes back there. */
  step: WizardStep;
  /** Step 1, by product: its amount's, its names', its seats' or its add-ons' error. */
  products: Record<string, { amount?: string; names?: string; seats?: string; options?: string }>;
  /** Step 1, about the booking as a whole ('Vælg mindst én billet'). */
  tickets?: string;
  /** Step 2, by its form's fields (`answers.q0` for the first question). */
  contact: Record<string, string>;
  /** Step 3's terms. */
  acceptTerms?: string;
  /** What no field shows (the sign-up window, an unknown field): an alert on the step. */
  message?: string;
}

const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'password'];
const PRODUCT_FIELD = /^products\.(\d+)\.(\w+)$/;
/** A seat line's fields: its seat (taken, unknown) or its hold session (ran out). */
const SEAT_FIELDS = ['seat', 'section', 'row', 'seatNumber', 'holdToken'];
const QUESTION_FIELD = /^extraInfo\.(\d+)$/;

/**
 * Sorts a 422's field errors onto the wizard's steps: `products.0.amount` is the first line sent
 * (step 1), the customer's fields and `extraInfo.N` step 2, `acceptTerms` step 3. An error no
 * field shows, or a refusal without fields, is the message.
 */
export function placeErrors(
  errors: Record<string, string[]> | undefined,
  message: string | undefined,
  sent: { productId: string }[],
  current: WizardStep,
): PlacedErrors {
  const placed: PlacedErrors = { step: current, products: {}, contact: {} };
  const steps: WizardStep[] = [];
  let unplaced = false;
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
    const product = PRODUCT_FIELD.exec(field);
    const question = QUESTION_FIELD.exec(field);
    const line = product ? sent[Number(product[1])] : undefined;
    if (
      product &&
      line &&
      (product[2] === 'amount' || product[2] === 'names' || product[2] === 'options')
    ) {
      placed.products[line.productId] = {
        ...placed.products[line.productId],
        [product[2]]: text,
      };
      steps.push(1);
    } else if (product && line && SEAT_FIELDS.includes(product[2] ?? '')) {
      placed.products[line.productId] = { ...placed.products[line.productId], seats: text };
      steps.push(1);
    } else if (field === 'products') {
      placed.tickets = text;
      steps.push(1);
    } else if (CONTACT_FIELDS.includes(field)) {
      placed.contact[field] = text;
      steps.push(2);
    } else if (question) {
      placed.contact[`answers.${questionAlias(Number(question[1]))}`] = text;
      steps.push(2);
    } else if (field === 'acceptTerms') {
      placed.acceptTerms = text;
      steps.push(3);
    } else {
      unplaced = true;
    }
  }
  if (steps.length === 0 || unplaced) placed.message = message;
  if (steps.length > 0) placed.step = Math.min(...steps) as WizardStep;
  return placed;
}
