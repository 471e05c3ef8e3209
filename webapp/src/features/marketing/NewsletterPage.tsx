import { useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AttachmentField } from '../../shared/ui/AttachmentField';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { SelectField, TextField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { RichTextField } from '../../shared/ui/RichTextField';
import { Section } from '../../shared/ui/Section';
import {
  NEWSLETTER_ATTACHMENT_KB,
  newsletterFiles,
  newsletterFormValues,
  newsletterPayload,
  newsletterSchema,
  type NewsletterFormValues,
} from './newsletterSchema';
import { useNewsletterTemplates } from './newsletterSettings';
import { useGetNewsletterQuery, useSaveNewsletterMutation } from './newslettersApi';
import { NEWSLETTERS_PATH } from './paths';
import { RecipientsCard } from './RecipientsCard';

/**
 * 'E-mail skabelon': one of the club's templates, or none (Tribune's own layout). A saved name the
 * settings no longer hold stays a choice, so the form does not drop it unasked.
 */
function TemplateField({
  label,
  placeholder,
  help,
}: {
  label: string;
  placeholder: string;
  help: string;
}) {
  const templates = useNewsletterTemplates();
  const { values } = useFormikContext<NewsletterFormValues>();
  const saved = values.emailTemplate;
  const names = saved && !templates.includes(saved) ? [...templates, saved] : templates;
  return (
    <SelectField
      name="emailTemplate"
      label={label}
      options={names.map((name) => ({ label: name, value: name }))}
      placeholder={placeholder}
      help={help}
      showClear
    />
  );
}

/** The newsletter's texts, pictures and attachment. */
function NewsletterFields({ editorKey }: { editorKey: string }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`marketing.newsletters.fields.${field}`);
  return (
    <>
      <Section title={t('marketing.newsletters.sections.newsletter')}>
        <div className="tb-stack">
          <div className="tb-form-grid">
            <TextField name="name" label={label('name')} />
            <TextField name="subject" label={label('subject')} />
            <TextField name="title" label={label('title')} />
            <TemplateField
              label={label('emailTemplate')}
              placeholder={label('emailTemplatePlaceholder')}
              help={label('emailTemplateHelp')}
            />
          </div>
          <RichTextField name="description" label={label('description')} editorKey={editorKey} />
        </div>
      </Section>
      <Section title={t('marketing.newsletters.sections.files')}>
        <div className="tb-form-grid">
          <ImageField name="pictureFile" urlName="picture" label={label('picture')} />
          <ImageField
            name="pictureBottomFile"
            urlName="pictureBottom"
            label={label('pictureBottom')}
          />
        </div>
        <AttachmentField
          name="attachmentFile"
          urlName="fileAttachment"
          fileNameName="attachmentName"
          label={label('attachment')}
          maxKb={NEWSLETTER_ATTACHMENT_KB}
        />
      </Section>
    </>
  );
}

/**
 * /marketing/newsletters/{id} ('create' = new; spec 2 §2 "Newsletter editor"): Navn, E-mail
 * emnefelt and Titel (required), E-mail skabelon, Beskrivelse, Billede, Billede bund and Vedhæft
 * fil, with 'Tilbage' and 'Gem'. A saved newsletter also has its recipients card.
 */
export function NewsletterPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetNewsletterQuery(id, { skip: isNew });
  const [save] = useSaveNewsletterMutation();
  const read = isNew ? undefined : query.data;
  const newsletter = read?.newsletter;
  const initialValues = useMemo(() => newsletterFormValues(newsletter), [newsletter]);
  const schema = useMemo(() => newsletterSchema(t), [t]);
  // A save reads the newsletter again: its new version shows the saved text anew.
  const editorKey = `${newsletter?.id ?? NEW_ID}-${newsletter?.version ?? 0}`;
  return (
    <EditorPage<NewsletterFormValues>
      id={id}
      basePath={NEWSLETTERS_PATH}
      title={isNew ? t('marketing.newsletters.createTitle') : (newsletter?.name ?? '')}
      label={t('marketing.newsletters.editorTitle')}
      load={query}
      loaded={Boolean(newsletter)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          form: newsletterPayload(values, newsletter),
          files: newsletterFiles(values),
        }).unwrap()
      }
      createdMessage={t('marketing.newsletters.created')}
      savedMessage={t('marketing.newsletters.saved')}
    >
      {() => (
        <div className="tb-stack">
          <NewsletterFields editorKey={editorKey} />
          {read && newsletter && (
            <RecipientsCard newsletterId={newsletter.id} choices={read.choices} />
          )}
        </div>
      )}
    </EditorPage>
  );
}
