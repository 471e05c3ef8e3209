import { skipToken } from '@reduxjs/toolkit/query/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/baseApi';
import type { PublicEvent } from '../../api/generated/booking';
import type { PublicInvite } from '../../api/generated/events';
import type { SelectOption } from '../../shared/ui/FormFields';
import { lazyPage } from '../../shared/areaRoutes';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import {
  bookingInput,
  invitedLines,
  isFreeRegistration,
  placeErrors,
  sentLines,
  type PlacedErrors,
} from './bookingRules';
import { GUEST_KEY, type LocalBookingStore, type WizardStep } from './localBooking';
import { useGetBookingProductsQuery } from './publicEventsApi';
import { TicketsStep } from './TicketsStep';

/**
 * Steps 2 and 3 load when the buyer goes on (and start loading as soon as step 1 has a ticket):
 * the event page opens with step 1's code only (issue 36).
 */
const ContactStep = lazyPage(() => import('./ContactStep').then((module) => module.ContactStep));
const ConfirmStep = lazyPage(() => import('./ConfirmStep').then((module) => module.ConfirmStep));

/**
 * 'Billetter – Kontaktoplysninger – Bekræft': PrimeReact's read-only Steps as markup (its
 * classes), the current step marked for assistive technology.
 */
function BookingSteps({
  labels,
  current,
  label,
}: {
  labels: string[];
  current: number;
  label: string;
}) {
  return (
    <nav className="p-steps p-component p-readonly tb-booking-steps" aria-label={label}>
      <ol>
        {labels.map((title, index) => {
          const active = index + 1 === current;
          const classes = [
            'p-steps-item',
            active && 'p-highlight p-steps-current',
            !active && 'p-disabled',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={title} className={classes} aria-current={active ? 'step' : undefined}>
              <span className="p-menuitem-link">
                <span className="p-steps-number">{index + 1}</span>
                <span className="p-steps-title">{title}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The step of the address: '#2', '#3'; anything else is step 1. */
export function stepOfHash(hash: string): WizardStep {
  if (hash === '#2') return 2;
  if (hash === '#3') return 3;
  return 1;
}

function hashOfStep(step: WizardStep): string {
  return step === 1 ? '' : `#${step}`;
}

/** Marks the history entries the wizard pushed: 'Tilbage' then goes back through history. */
interface WizardHistoryState {
  wizardFrom?: WizardStep;
}

/**
 * The step kept in the address (spec 2 §2): each step forward pushes an entry, so the browser's
 * back moves one step back. An address of a step the buyer has not reached opens the furthest
 * one they have.
 */
function useWizardStep(reached: WizardStep) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = stepOfHash(location.hash);
  const step = asked > reached ? reached : asked;
  const { pathname, search } = location;

  const goForward = useCallback(
    (next: WizardStep) =>
      navigate(
        { pathname, search, hash: hashOfStep(next) },
        { state: { wizardFrom: step } satisfies WizardHistoryState },
      ),
    [navigate, pathname, search, step],
  );
  const goTo = useCallback(
    (target: WizardStep) => {
      const from = (location.state as WizardHistoryState | null)?.wizardFrom;
      if (target === step - 1 && from === target) {
        navigate(-1);
        return;
      }
      navigate({ pathname, search, hash: hashOfStep(target) }, { replace: true });
    },
    [location.state, navigate, pathname, search, step],
  );
  useEffect(() => {
    if (asked !== step) {
      navigate({ pathname, search, hash: hashOfStep(step) }, { replace: true });
    }
  }, [asked, step, navigate, pathname, search]);
  return { step, goForward, goTo };
}

interface BookingWizardProps {
  event: PublicEvent;
  store: LocalBookingStore;
  /** The invitation the buyer came with: its free tickets start step 1, its person step 2. */
  invite?: PublicInvite;
}

/**
 * The three-step booking (spec 2 §2 "Public event page", §4 "Booking wizard", "Customer choice",
 * "Local booking"): the tickets (or the number of places of a free registration) for the
 * customer chosen, the customer's details and the event's questions, then the booking priced by
 * the server, the terms, and the booking itself with its payment. An invitation chooses its free
 * tickets to start with (when nothing is chosen yet) and fills in its person's details.
 */
export function BookingWizard({ event, store, invite }: BookingWizardProps) {
  const { t } = useTranslation();
  const { booking, update } = store;
  const wizard = useWizardStep(booking.reached);
  const { step } = wizard;
  /** The password of 'Opret bruger': kept in memory only, never with the stored booking. */
  const [password, setPassword] = useState('');
  const [placed, setPlaced] = useState<PlacedErrors | null>(null);

  const loggedIn = event.user !== null || event.customers.length > 0;
  const choices = useMemo<SelectOption<string>[]>(
    () => [
      ...event.customers.map((choice) => ({ label: choice.label, value: choice.key })),
      ...(event.guestsAllowed
        ? [{ label: t('publicEvents.customer.guest'), value: GUEST_KEY }]
        : []),
    ],
    [event.customers, event.guestsAllowed, t],
  );
  const customerKey = choices.some((choice) => choice.value === booking.customerKey)
    ? booking.customerKey
    : (choices[0]?.value ?? null);

  const productsRequest = useMemo(
    () =>
      customerKey === null
        ? null
        : {
            eventId: event.id,
            customerKey,
            booking: bookingInput(event, { ...booking, customerKey, contact: null, answers: {} }),
          },
    [booking, customerKey, event],
  );
  const products = useGetBookingProductsQuery(productsRequest ?? skipToken);
  // The last answer while the lines are priced anew, but never another customer's products.
  const offer = products.data?.customerKey === customerKey ? products.data : undefined;
  const free = isFreeRegistration(offer?.products ?? []);

  // The invitation's tickets are chosen once, when the booking has none yet, from the products
  // offered with its token (it may admit more than a plain booking); step 1 starts over with them.
  const invitePicked = useRef(false);
  const [ticketsStart, setTicketsStart] = useState(0);
  const invitedOffer =
    booking.inviteToken && products.currentData?.customerKey === customerKey
      ? products.currentData
      : undefined;
  useEffect(() => {
    if (invitePicked.current || !invite || !invitedOffer) return;
    invitePicked.current = true;
    if (booking.lines.some((line) => line.amount > 0)) return;
    const lines = invitedLines(invite, invitedOffer.products);
    if (lines.length === 0) return;
    update({ lines });
    setTicketsStart((start) => start + 1);
  }, [invite, invitedOffer, booking.lines, update]);

  // The next steps' code starts loading once the buyer has chosen a ticket.
  const chosen = booking.lines.some((line) => line.amount > 0);
  useEffect(() => {
    if (!chosen) return;
    void ContactStep.preload();
    void ConfirmStep.preload();
  }, [chosen]);

  /** A refusal of the server: back to the step whose field it names, or shown where it came. */
  const refused = useCallback(
    (failure: unknown) => {
      const errors = isApiError(failure) ? failure.errors : undefined;
      const message = isApiError(failure) ? failure.message : undefined;
      const where = placeErrors(
        errors,
        message ?? t('publicEvents.confirm.bookFailed'),
        sentLines(booking.lines),
        step,
      );
      if (where.step < step) {
        setPlaced(where);
        wizard.goTo(where.step);
      }
      return where;
    },
    [booking.lines, step, t, wizard],
  );

  if (customerKey === null) {
    return loggedIn ? (
      <Alert severity="error">
        {t('publicEvents.customer.noCompany', { email: event.clubEmail })}
      </Alert>
    ) : (
      <div className="tb-booking-login">
        <Alert severity="warn">{t('publicEvents.customer.businessOnly')}</Alert>
        <Link to="/login" className="p-button p-component">
          {t('publicEvents.customer.login')}
        </Link>
      </div>
    );
  }

  const stepLabels = [
    t(free ? 'publicEvents.steps.amount' : 'publicEvents.steps.tickets'),
    t('publicEvents.steps.contact'),
    t('publicEvents.steps.confirm'),
  ];
  const placedHere = placed?.step === step ? placed : null;
  const consumePlaced = () => setPlaced(null);

  return (
    <div className="tb-booking">
      <BookingSteps labels={stepLabels} current={step} label={t('publicEvents.steps.label')} />
      {step === 1 && (
        <TicketsStep
          key={ticketsStart}
          title={stepLabels[0] ?? ''}
          event={event}
          free={free}
          loggedIn={loggedIn}
          choices={choices}
          customerKey={customerKey}
          onCustomerChange={(key) => update({ customerKey: key })}
          offer={offer}
          offerFailed={products.isError}
          lines={booking.lines}
          onLinesChange={(lines) => update({ lines })}
          placed={placedHere}
          onPlacedShown={consumePlaced}
          onContinue={() => {
            update({ customerKey, reached: booking.reached > 2 ? booking.reached : 2 });
            wizard.goForward(2);
          }}
        />
      )}
      <Suspense fallback={<Preloader label={t('common.loading')} />}>
        {step === 2 && (
          <ContactStep
            title={stepLabels[1] ?? ''}
            event={event}
            booking={booking}
            invite={invite}
            canCreateUser={!loggedIn}
            password={password}
            placed={placedHere}
            onPlacedShown={consumePlaced}
            onBack={() => wizard.goTo(1)}
            onContinue={(contact, answers, typedPassword) => {
              setPassword(typedPassword);
              update({ contact, answers, reached: 3 });
              wizard.goForward(3);
            }}
          />
        )}
        {step === 3 && (
          <ConfirmStep
            title={stepLabels[2] ?? ''}
            event={event}
            store={store}
            free={free}
            password={password}
            onRefused={refused}
            onBack={() => wizard.goTo(2)}
          />
        )}
      </Suspense>
    </div>
  );
}
