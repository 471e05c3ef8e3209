import type { TFunction } from 'i18next';
import {
  extraInfoFormValues,
  extraInfoPayload,
  extraInfoSchema,
  type ExtraInfo,
  type ExtraInfoDefinition,
  type ExtraInfoValues,
} from '../../shared/extraInfo';
import { yup } from '../../shared/validation';
import type { Contact, ContactPayload, ContactRef } from './types';

export interface ContactFormValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  mobile: string;
  linkedin: string;
  about: string;
  highlighted: boolean;
  noInvitations: boolean;
  noNewsletters: boolean;
  picture: string | null;
  /** The chosen picture, sent as the part `file`. */
  file: File | null;
  extraInfo: ExtraInfoValues;
  companyIds: string[];
  listIds: string[];
}

/** Spec 1 §5 "Contact": first name, last name and e-mail required; the picture is an image. */
export function contactSchema(t: TFunction, definitions: ExtraInfoDefinition[]) {
  return yup.object({
    firstname: yup.string().label(t('contacts.fields.firstname')).trim().required(),
    lastname: yup.string().label(t('contacts.fields.lastname')).trim().required(),
    email: yup.string().label(t('contacts.fields.email')).trim().required().email(),
    file: yup.mixed().nullable().label(t('contacts.fields.picture')).image(),
    extraInfo: extraInfoSchema(definitions),
  });
}

export function contactFormValues(
  contact: Contact | undefined,
  definitions: ExtraInfoDefinition[],
): ContactFormValues {
  return {
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    mobile: contact?.mobile ?? '',
    linkedin: contact?.linkedin ?? '',
    about: contact?.about ?? '',
    highlighted: contact?.highlighted ?? false,
    noInvitations: contact?.noInvitations ?? false,
    noNewsletters: contact?.noNewsletters ?? false,
    picture: contact?.picture ?? null,
    file: null,
    extraInfo: extraInfoFormValues(definitions, storedExtraInfo(contact)),
    companyIds: contact?.companyIds ?? [],
    listIds: contact?.listIds ?? [],
  };
}

/** The stored extra info; a field not answered (its value null) reads as empty in the shared helpers. */
function storedExtraInfo(contact: Contact | undefined): ExtraInfo | undefined {
  return contact?.extraInfo as ExtraInfo | undefined;
}

/** The `data` JSON of POST /api/contacts/update; `stored` (as read) gives its version. */
export function contactPayload(
  id: string | null,
  values: ContactFormValues,
  definitions: ExtraInfoDefinition[],
  stored: Contact | undefined,
): ContactPayload {
  return {
    id,
    version: stored?.version ?? null,
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    mobile: values.mobile.trim(),
    linkedin: values.linkedin.trim(),
    about: values.about,
    highlighted: values.highlighted,
    noInvitations: values.noInvitations,
    noNewsletters: values.noNewsletters,
    picture: values.picture,
    extraInfo: extraInfoPayload(definitions, values.extraInfo, storedExtraInfo(stored)),
    companyIds: values.companyIds,
    listIds: values.listIds,
  };
}

export interface ContactListFormValues {
  title: string;
  contacts: ContactRef[];
}

/** Spec 1 §5 "Contact list": the title ('Navn') is required. */
export function contactListSchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('contacts.lists.fields.title')).trim().required(),
  });
}
