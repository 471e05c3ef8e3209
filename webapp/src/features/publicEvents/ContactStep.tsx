import { Formik, setIn, type FormikErrors, type FormikTouched } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { PublicEvent } from '../../api/generated/booking';
import type { PublicInvite } from '../../api/generated/events';
import { Alert } from '../../shared/ui/Alert';
import { ExtraInfoFields } from '../../shared/ui/ExtraInfoFields';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { CheckboxField, PasswordField, TextField } from '../../shared/ui/FormFields';
import {
  answerValues,
  bookingInput,
  questionDefinitions,
  type ContactValues,
  type PlacedErrors,
} from './bookingRules';
import { contactSchema } from './contactRules';
import type { BookingAnswers, BookingContact, LocalBooking } from './localBooking';
import { useValidateContactMutation } from './publicEventsApi';

/** The server's refusal of step 2's fields, as the form's errors (and touched, to show them). */
function placedFormErrors(placed: PlacedErrors | null) {
  let errors: FormikErrors<ContactValues> = {};
  let touched: FormikTouched<ContactValues> = {};
  for (const [field, message] of Object.entries(placed?.contact ?? {})) {
    errors = setIn(errors, field, message);
    touched = setIn(touched, field, true);
  }
  return { errors, touched };
}

interface ContactStepProps {
  title: string;
  event: PublicEvent;
  booking: LocalBooking;
  /** The invitation the buyer came with: its person fills the fields left empty. */
  invite?: PublicInvite;
  /** A visitor may make a user as they book ('Opret bruger'). */
  canCreateUser: boolean;
  password: string;
  placed: PlacedErrors | null;
  onPlacedShown: () => void;
  onBack: () => void;
  onContinue: (contact: BookingContact, answers: BookingAnswers, password: string) => void;
}

/**
 * Step 2, 'Oplysninger': the customer (a signed-in user's own details to start with, and an
 * invitation's person in the fields still empty), 'Opret
 * bruger' with a password for a visitor, and the event's questions. The server checks the
 * customer before the last step; its errors show on their fields.
 */
export function ContactStep({
  title,
  event,
  booking,
  invite,
  canCreateUser,
  password,
  placed,
  onPlacedShown,
  onBack,
  onContinue,
}: ContactStepProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [validateContact] = useValidateContactMutation();
  const [message, setMessage] = useState<string | undefined>();
  const [shown] = useState(placed);
  useEffect(() => {
    if (placed) onPlacedShown();
  }, [placed, onPlacedShown]);

  const questions = useMemo(() => questionDefinitions(event.extraInfo), [event.extraInfo]);
  const schema = useMemo(
    () => contactSchema(t, questions, canCreateUser),
    [t, questions, canCreateUser],
  );
  const [initialValues] = useState<ContactValues>(() => {
    const contact = booking.contact ?? {
      firstname: event.user?.firstname ?? '',
      lastname: event.user?.lastname ?? '',
      email: event.user?.email ?? '',
      phone: event.user?.phone ?? '',
      createUser: false,
    };
    const invited = {
      firstname: contact.firstname || invite?.firstname || '',
      lastname: contact.lastname || invite?.lastname || '',
      email: contact.email || invite?.email || '',
      phone: contact.phone || invite?.phone || '',
    };
    return {
      ...contact,
      ...invited,
      createUser: canCreateUser && contact.createUser,
      password,
      answers: answerValues(questions, booking.answers),
    };
  });
  const initial = useMemo(() => placedFormErrors(shown), [shown]);
  const label = (field: string) => t(`publicEvents.contact.${field}`);

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        <Formik<ContactValues>
          initialValues={initialValues}
          initialErrors={initial.errors}
          initialTouched={initial.touched}
          validationSchema={schema}
          onSubmit={async (values, { setErrors }) => {
            setMessage(undefined);
            const contact: BookingContact = {
              firstname: values.firstname,
              lastname: values.lastname,
              email: values.email,
              phone: values.phone,
              createUser: canCreateUser && values.createUser,
            };
            const typedPassword = contact.createUser ? values.password : '';
            try {
              await validateContact(
                bookingInput(
                  event,
                  { ...booking, contact, answers: values.answers },
                  { password: typedPassword },
                ),
              ).unwrap();
              onContinue(contact, values.answers, typedPassword);
            } catch (failure) {
              if (!applyServerErrors(setErrors, failure)) {
                setMessage(apiErrorMessage(failure) ?? t('publicEvents.confirm.bookFailed'));
              }
            }
          }}
        >
          {({ values, isSubmitting }) => (
            <Form label={title} className="tb-booking-form">
              <div className="tb-booking-fields">
                <TextField name="firstname" label={label('firstname')} autoComplete="given-name" />
                <TextField name="lastname" label={label('lastname')} autoComplete="family-name" />
                <TextField name="email" type="email" label={label('email')} autoComplete="email" />
                <TextField name="phone" type="tel" label={label('phone')} autoComplete="tel" />
              </div>
              {canCreateUser && <CheckboxField name="createUser" label={label('createUser')} />}
              {canCreateUser && values.createUser && (
                <PasswordField
                  name="password"
                  label={label('password')}
                  autoComplete="new-password"
                />
              )}
              {questions.length > 0 && (
                <div className="tb-booking-questions">
                  <ExtraInfoFields definitions={questions} name="answers" />
                </div>
              )}
              {(message ?? shown?.message) && (
                <Alert severity="error">{message ?? shown?.message ?? ''}</Alert>
              )}
              <div className="tb-form-actions">
                <Button
                  type="button"
                  outlined
                  icon="pi pi-arrow-left"
                  label={t('publicEvents.back')}
                  onClick={onBack}
                />
                <Button
                  type="submit"
                  icon="pi pi-arrow-right"
                  iconPos="right"
                  label={t('publicEvents.continue')}
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      </section>
    </Card>
  );
}
