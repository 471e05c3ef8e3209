import type { TFunction } from 'i18next';
import { yup } from '../../../shared/validation';
import type { ClubSettings } from '../types';

/** The settings of one panel (settings.companies, settings.orders …) as the server keeps them. */
export type SettingsSection = Record<string, unknown>;

export interface ClubSettingsValues {
  name: string;
  url: string;
  address: string;
  zipCode: string;
  city: string;
  cvr: string;
  email: string;
  phone: string;
  website: string;
  contact: string;
  ownDesignation: string;
  senderEmail: string;
  bankReg: string;
  bankAccount: string;
  pricesWithVat: boolean;
  disableVat: boolean;
  logo: string | null;
  logoFile: File | null;
  apiKeys: { name: string; key: string }[];
  settings: Record<string, SettingsSection>;
  pdfLogoFile: File | null;
  pdfBannerFile: File | null;
}

/** The panels of the club's settings, each saved only when the club shows it. */
export const SECTION_NAMES = [
  'companies',
  'contacts',
  'dashboard',
  'events',
  'newsletter',
  'orders',
  'contracts',
  'webshop',
  'economic',
];

export function clubSettingsValues(stored: ClubSettings): ClubSettingsValues {
  const text = (v: string | null) => v ?? '';
  const settings: Record<string, SettingsSection> = {};
  for (const name of SECTION_NAMES) settings[name] = { ...(stored.settings[name] ?? {}) };
  return {
    name: stored.name,
    url: text(stored.url),
    address: text(stored.address),
    zipCode: text(stored.zipCode),
    city: text(stored.city),
    cvr: text(stored.cvr),
    email: text(stored.email),
    phone: text(stored.phone),
    website: text(stored.website),
    contact: text(stored.contact),
    ownDesignation: text(stored.ownDesignation),
    senderEmail: text(stored.senderEmail),
    bankReg: text(stored.bankReg),
    bankAccount: text(stored.bankAccount),
    pricesWithVat: stored.pricesWithVat,
    disableVat: stored.disableVat,
    logo: stored.logo,
    logoFile: null,
    apiKeys: stored.apiKeys,
    settings,
    pdfLogoFile: null,
    pdfBannerFile: null,
  };
}

export function clubSettingsSchema(t: TFunction) {
  return yup.object({
    name: yup.string().label(t('settings.general.name')).trim().required(),
    email: yup.string().label(t('settings.general.email')).email(),
    senderEmail: yup.string().label(t('settings.general.senderEmail')).email(),
    bankReg: yup.string().label(t('settings.general.bankReg')).numeric(),
    bankAccount: yup.string().label(t('settings.general.bankAccount')).numeric(),
    logoFile: yup.mixed().nullable().label(t('settings.general.logo')).image(),
    pdfLogoFile: yup.mixed().nullable().label(t('settings.contracts.pdfLogo')).image(),
    pdfBannerFile: yup.mixed().nullable().label(t('settings.contracts.pdfBanner')).image(),
    settings: yup.object({
      economic: yup.object({
        invoiceText: yup.string().nullable().label(t('settings.economic.invoiceText')).max(1000),
      }),
    }),
  });
}
