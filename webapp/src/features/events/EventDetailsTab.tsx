import { useFormikContext } from 'formik';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerField } from '../../shared/editor/ChoiceFields';
import { useShownError } from '../../shared/editor/useShownError';
import { AttachmentField } from '../../shared/ui/AttachmentField';
import {
  CheckboxField,
  DateField,
  FieldFrame,
  SelectField,
  TextField,
} from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { RichTextField } from '../../shared/ui/RichTextField';
import { Section } from '../../shared/ui/Section';
import { type EventFormKind, type EventFormValues } from '../../shared/events/eventForm';
import { EVENT_DATES, EVENT_FLAGS, INVITE_ATTACHMENT_KB } from './eventSchema';
import { useGetEventSeatChartsQuery, useGetEventTypeChoicesQuery } from './eventEditorApi';
import { useEventSettings } from './eventSettings';
import { ExtraInfoCard } from './ExtraInfoCard';
import { NotificationsCard } from './NotificationsCard';
import { SponsorsCard } from './SponsorsCard';

/** 'Type': one of the club's event types; choosing one tells `onChoose` (a new event fills from it). */
function TypeField({ onChoose }: { onChoose?: (typeId: string) => void }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  const types = useGetEventTypeChoicesQuery().data ?? [];
  const shown = useRef(values.typeId);
  useEffect(() => {
    if (values.typeId === shown.current) return;
    shown.current = values.typeId;
    if (values.typeId) onChoose?.(values.typeId);
  }, [values.typeId, onChoose]);
  return (
    <SelectField
      name="typeId"
      label={t('events.fields.typeId')}
      options={types.map((type) => ({ label: type.title, value: type.id }))}
      placeholder={t('events.fields.typePlaceholder')}
      filter
    />
  );
}

const CHART_FIELD = 'seating.chartId';

/**
 * 'Pladskort': one of the club's seat charts, kept as the chart's key with its name. Choosing one
 * sets both, so the select is the kit's frame around a dropdown rather than a `SelectField` of one
 * value. A stored chart the club no longer has stays shown by its stored name.
 */
function SeatChartField() {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue, setFieldTouched } = useFormikContext<EventFormValues>();
  const error = useShownError(CHART_FIELD);
  const charts = useGetEventSeatChartsQuery().data ?? [];
  const { chartId, name } = values.seating;
  const options = charts.map((chart) => ({ label: chart.name, value: chart.key }));
  if (chartId && !charts.some((chart) => chart.key === chartId)) {
    options.push({ label: name ?? chartId, value: chartId });
  }
  return (
    <FieldFrame id={id} label={t('events.fields.seatingChart')} error={error}>
      <Dropdown
        inputId={id}
        name={CHART_FIELD}
        value={chartId}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.value);
          void setFieldValue('seating', {
            ...values.seating,
            chartId: chosen?.value ?? null,
            name: chosen?.label ?? null,
          });
        }}
        onBlur={() => void setFieldTouched(CHART_FIELD, true)}
        placeholder={t('events.fields.seatingChartPlaceholder')}
        filter
        emptyMessage={t('common.noOptions')}
        emptyFilterMessage={t('common.noOptions')}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}

interface EventDetailsTabProps {
  kind: EventFormKind;
  /** Changes when the form is filled anew, so the rich-text editors show the new texts. */
  editorKey: string;
  /** A new event: a chosen type fills the form. */
  onTypeChosen?: (typeId: string) => void;
}

/**
 * Arrangement (tab 10): details, owner 'Ansvarlig', the six dates, the feature switches and places
 * (with seating, its 'Pladskort'), the texts, banners and the invitation's attachment, sponsors, sender, the e-mail and SMS
 * notifications and the extra-info questions.
 */
export function EventDetailsTab({ kind, editorKey, onTypeChosen }: EventDetailsTabProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  const settings = useEventSettings();
  const label = (field: string) => t(`events.fields.${field}`);
  return (
    <div className="tb-stack">
      <Section title={t('events.sections.details')}>
        <div className="tb-form-grid">
          {kind === 'event' && <TypeField onChoose={onTypeChosen} />}
          <TextField name="title" label={label('title')} />
          <TextField name="url" label={label('url')} help={t('events.fields.urlHelp')} />
          <TextField name="location" label={label('location')} />
          <OwnerField
            label={label('ownerId')}
            placeholder={t('events.fields.noOwner')}
            disabled={false}
          />
        </div>
      </Section>
      <Section title={t('events.sections.dates')}>
        <div className="tb-form-grid">
          {EVENT_DATES.map((date) => (
            <TextField key={date} name={date} label={label(date)} type="datetime-local" />
          ))}
          <DateField name="activeDate" label={label('activeDate')} />
        </div>
      </Section>
      <Section title={t('events.sections.settings')}>
        <div className="tb-form-grid">
          {EVENT_FLAGS.map((flag) => (
            <CheckboxField key={flag} name={flag} label={label(flag)} />
          ))}
        </div>
        {values.hasSeating && (
          <div className="tb-form-grid">
            <SeatChartField />
            <TextField
              name="seating.maxSeatsPerSession"
              label={label('maxSeatsPerSession')}
              help={t('events.fields.maxSeatsPerSessionHelp')}
              placeholder="20"
              inputMode="numeric"
            />
            <TextField
              name="seating.maxSessionsPerVisitor"
              label={label('maxSessionsPerVisitor')}
              help={t('events.fields.maxSessionsPerVisitorHelp')}
              placeholder="4"
              inputMode="numeric"
            />
          </div>
        )}
        {!values.hasTickets && (
          <div className="tb-form-grid">
            <TextField name="maxSignups" label={label('maxSignups')} inputMode="numeric" />
            <TextField
              name="maxCompanySignups"
              label={label('maxCompanySignups')}
              inputMode="numeric"
            />
          </div>
        )}
      </Section>
      <Section title={t('events.sections.texts')}>
        <div className="tb-stack">
          <RichTextField name="description" label={label('description')} editorKey={editorKey} />
          <RichTextField
            name="privateDescription"
            label={label('privateDescription')}
            editorKey={editorKey}
          />
          <RichTextField
            name="ticketDescription"
            label={label('ticketDescription')}
            editorKey={editorKey}
          />
          <RichTextField name="terms" label={label('terms')} editorKey={editorKey} />
        </div>
      </Section>
      <Section title={t('events.sections.files')}>
        <div className="tb-form-grid">
          <ImageField
            name="bannerPictureFile"
            urlName="bannerPicture"
            label={label('bannerPicture')}
          />
          <ImageField
            name="bannerBottomFile"
            urlName="bannerBottom"
            label={label('bannerBottom')}
          />
        </div>
        <AttachmentField
          name="inviteAttachmentFile"
          urlName="inviteAttachment"
          fileNameName="inviteAttachmentName"
          label={label('inviteAttachment')}
          maxKb={INVITE_ATTACHMENT_KB}
        />
      </Section>
      {values.hasSponsors && <SponsorsCard sponsorTypes={settings.sponsorTypes} />}
      <Section title={t('events.sections.sender')}>
        <div className="tb-form-grid">
          <TextField name="sender.name" label={label('senderName')} />
          <TextField
            name="sender.email"
            label={label('senderEmail')}
            type="email"
            autoComplete="off"
          />
        </div>
      </Section>
      <NotificationsCard
        emailTemplates={settings.emailTemplates}
        smsTemplates={settings.smsTemplates}
      />
      <ExtraInfoCard />
    </div>
  );
}
