import type { TFunction } from 'i18next';
import type {
  Newsletter,
  NewsletterForm,
  NewsletterSelection,
} from '../../api/generated/newsletters';
import { yup } from '../../shared/validation';
import type { NewsletterFiles } from './newslettersApi';

/** The attachment's limit in KB (spec 2 §9). */
export const NEWSLETTER_ATTACHMENT_KB = 10000;

/** The editor's form: the newsletter's texts, its files, and the recipients card's selection. */
export interface NewsletterFormValues {
  name: string;
  subject: string;
  title: string;
  /** The name of one of the club's templates; null: Tribune's own layout. */
  emailTemplate: string | null;
  /** HTML; '' when nothing is written. */
  description: string;
  /** The stored picture's URL; null removes it on save. */
  picture: string | null;
  pictureFile: File | null;
  pictureBottom: string | null;
  pictureBottomFile: File | null;
  /** The stored attachment's URL and file name; null removes it on save. */
  fileAttachment: string | null;
  attachmentName: string | null;
  attachmentFile: File | null;
  /** Whom 'Opret …' of the recipients card reaches; saved with the newsletter. */
  recipients: NewsletterSelection;
}

/** The form's field names are the server's, so its 422 lands on them as they are. */
export function newsletterSchema(t: TFunction) {
  const label = (field: string) => t(`marketing.newsletters.fields.${field}`);
  return yup.object({
    name: yup.string().label(label('name')).trim().required(),
    subject: yup.string().label(label('subject')).trim().required(),
    title: yup.string().label(label('title')).trim().required(),
    emailTemplate: yup.string().nullable(),
    pictureFile: yup.mixed().nullable().label(label('picture')).image(),
    pictureBottomFile: yup.mixed().nullable().label(label('pictureBottom')).image(),
    attachmentFile: yup
      .mixed()
      .nullable()
      .label(label('attachment'))
      .size(NEWSLETTER_ATTACHMENT_KB),
  });
}

const NO_SELECTION: NewsletterSelection = {
  companyIds: [],
  contactIds: [],
  productIds: [],
  orderProductIds: [],
  activeDate: null,
};

export function newsletterFormValues(newsletter?: Newsletter): NewsletterFormValues {
  return {
    name: newsletter?.name ?? '',
    subject: newsletter?.subject ?? '',
    title: newsletter?.title ?? '',
    emailTemplate: newsletter?.emailTemplate ?? null,
    description: newsletter?.description ?? '',
    picture: newsletter?.picture ?? null,
    pictureFile: null,
    pictureBottom: newsletter?.pictureBottom ?? null,
    pictureBottomFile: null,
    fileAttachment: newsletter?.fileAttachment ?? null,
    attachmentName: newsletter?.attachmentName ?? null,
    attachmentFile: null,
    recipients: newsletter?.recipients ?? NO_SELECTION,
  };
}

/**
 * The JSON of a save. `stored`: the newsletter as read (its version goes back with the save);
 * none for a new one. A stored file's URL keeps it, null removes it.
 */
export function newsletterPayload(
  values: NewsletterFormValues,
  stored?: Newsletter,
): NewsletterForm {
  return {
    id: stored?.id ?? null,
    version: stored?.version ?? null,
    name: values.name.trim(),
    subject: values.subject.trim(),
    title: values.title.trim(),
    emailTemplate: values.emailTemplate || null,
    description: values.description,
    picture: values.picture,
    pictureBottom: values.pictureBottom,
    fileAttachment: values.fileAttachment,
    recipients: values.recipients,
  };
}

export function newsletterFiles(values: NewsletterFormValues): NewsletterFiles {
  return {
    pictureFile: values.pictureFile,
    pictureBottomFile: values.pictureBottomFile,
    attachmentFile: values.attachmentFile,
  };
}
