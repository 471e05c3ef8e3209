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
import type {
  Company,
  CompanyContact,
  CompanyPayload,
  CompanyStatus,
  NewContactPerson,
  TicketLimits,
} from './types';

/** The stored extra info; a field not answered (its value null) reads as empty in the shared helpers. */
function storedExtraInfo(company: Company | undefined): ExtraInfo | undefined {
  return company?.extraInfo as ExtraInfo | undefined;
}

/** The company editor's values: the entity's fields as text, plus the chosen logo files. */
export interface CompanyFormValues {
  name: string;
  cvr: string;
  ean: string;
  address: string;
  zipCode: string;
  city: string;
  email: string;
  phone: string;
  website: string;
  status: CompanyStatus;
  followUpDate: string | null;
  vatExcluded: boolean;
  useEAN: boolean;
  logoWeb: string | null;
  logoPrint: string | null;
  logoWebFile: File | null;
  logoPrintFile: File | null;
  extraInfo: ExtraInfoValues;
  ticketLimits: TicketLimits;
  ownerId: string | null;
  contacts: CompanyContact[];
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * Spec 1 §5 "Company", as the server checks it: name and status required; cvr unless phone, phone
 * unless cvr; cvr of 8 digits; ean when useEAN; logos are images; required extra-info fields; the
 * owner once chosen stays required.
 */
export function companySchema(
  t: TFunction,
  definitions: ExtraInfoDefinition[],
  ownerChosen: boolean,
) {
  const owner = yup.string().nullable().label(t('companies.fields.owner'));
  return yup.object({
    name: yup.string().label(t('companies.fields.name')).trim().required(),
    cvr: yup
      .string()
      .label(t('companies.fields.cvr'))
      .test('cvr-or-phone', t('companies.validation.cvrRequired'), function cvrOrPhone(value) {
        return !isBlank(value) || !isBlank((this.parent as CompanyFormValues).phone);
      })
      .test('cvr-digits', t('companies.validation.cvrDigits'), (value) =>
        isBlank(value) ? true : /^\d{8}$/.test((value ?? '').trim()),
      ),
    phone: yup
      .string()
      .label(t('companies.fields.phone'))
      .test('phone-or-cvr', t('companies.validation.phoneRequired'), function phoneOrCvr(value) {
        return !isBlank(value) || !isBlank((this.parent as CompanyFormValues).cvr);
      }),
    ean: yup
      .string()
      .label(t('companies.fields.ean'))
      .when('useEAN', {
        is: true,
        then: (schema) => schema.trim().required(t('companies.validation.eanRequired')),
      }),
    email: yup.string().label(t('companies.fields.email')).trim().email(),
    status: yup.number().label(t('companies.fields.status')).required(),
    followUpDate: yup.string().nullable(),
    logoWebFile: yup.mixed().nullable().label(t('companies.fields.logoWeb')).image(),
    logoPrintFile: yup.mixed().nullable().label(t('companies.fields.logoPrint')).image(),
    extraInfo: extraInfoSchema(definitions),
    ownerId: ownerChosen ? owner.required() : owner,
  });
}

export function companyFormValues(
  company: Company | undefined,
  definitions: ExtraInfoDefinition[],
): CompanyFormValues {
  return {
    name: company?.name ?? '',
    cvr: company?.cvr ?? '',
    ean: company?.ean ?? '',
    address: company?.address ?? '',
    zipCode: company?.zipCode ?? '',
    city: company?.city ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    status: (company?.status as CompanyStatus | undefined) ?? 0,
    followUpDate: company?.followUpDate ?? null,
    vatExcluded: company?.vatExcluded ?? false,
    useEAN: company?.useEAN ?? false,
    logoWeb: company?.logoWeb ?? null,
    logoPrint: company?.logoPrint ?? null,
    logoWebFile: null,
    logoPrintFile: null,
    extraInfo: extraInfoFormValues(definitions, storedExtraInfo(company)),
    ticketLimits: company?.ticketLimits ?? {},
    ownerId: company?.ownerId ?? null,
    contacts: company?.contacts ?? [],
  };
}

/** The `data` JSON of POST /api/companies/update; `stored` (as read) gives its version. */
export function companyPayload(
  id: string | null,
  values: CompanyFormValues,
  definitions: ExtraInfoDefinition[],
  stored: Company | undefined,
): CompanyPayload {
  const text = (value: string) => value.trim();
  return {
    id,
    version: stored?.version ?? null,
    name: text(values.name),
    cvr: text(values.cvr),
    ean: text(values.ean),
    address: text(values.address),
    zipCode: text(values.zipCode),
    city: text(values.city),
    email: text(values.email),
    phone: text(values.phone),
    website: text(values.website),
    status: values.status,
    followUpDate: values.followUpDate || null,
    vatExcluded: values.vatExcluded,
    useEAN: values.useEAN,
    logoWeb: values.logoWeb,
    logoPrint: values.logoPrint,
    extraInfo: extraInfoPayload(definitions, values.extraInfo, storedExtraInfo(stored)),
    ticketLimits: values.ticketLimits,
    ownerId: values.ownerId,
    contactIds: values.contacts.map((contact) => contact.id),
  };
}

/** 'Opret kontaktperson': the contact's required fields (spec 1 §5 "Contact"). */
export function contactPersonSchema(t: TFunction) {
  return yup.object({
    firstname: yup.string().label(t('companies.contactPerson.firstname')).trim().required(),
    lastname: yup.string().label(t('companies.contactPerson.lastname')).trim().required(),
    email: yup.string().label(t('companies.contactPerson.email')).trim().required().email(),
    phone: yup.string(),
    mobile: yup.string(),
  });
}

export const emptyContactPerson: NewContactPerson = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  mobile: '',
};
