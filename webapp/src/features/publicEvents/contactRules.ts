import type { TFunction } from 'i18next';
import { extraInfoSchema, type ExtraInfoDefinition } from '../../shared/extraInfo';
import { yup } from '../../shared/validation';
import { PASSWORD_MIN_LENGTH } from './bookingRules';

// Step 2's rules, apart from bookingRules: the event page opens on step 1, which loads no yup.

/**
 * Spec 2 §5 guest customer: first name, last name, e-mail and phone required; a password of at
 * least 8 characters when a visitor ticks 'Opret bruger'; a required Select or Text question
 * answered (a Radio or Checkbox question is never required here, as the server has it).
 */
export function contactSchema(
  t: TFunction,
  questions: ExtraInfoDefinition[],
  canCreateUser: boolean,
) {
  const label = (field: string) => t(`publicEvents.contact.${field}`);
  const asked = questions.map((question) => ({
    ...question,
    required: question.required && (question.type === 'Select' || question.type === 'Text'),
  }));
  return yup.object({
    firstname: yup.string().label(label('firstname')).trim().required().max(254),
    lastname: yup.string().label(label('lastname')).trim().required().max(254),
    email: yup.string().label(label('email')).trim().required().email().max(254),
    phone: yup.string().label(label('phone')).trim().required().max(254),
    createUser: yup.boolean(),
    password: yup
      .string()
      .label(label('password'))
      .when('createUser', {
        is: (createUser: boolean) => canCreateUser && createUser,
        then: (schema) => schema.required().min(PASSWORD_MIN_LENGTH),
      }),
    answers: extraInfoSchema(asked),
  });
}
