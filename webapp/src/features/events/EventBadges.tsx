import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/** 'Underarrangement': the event is a sub-event of another. */
export function SubEventBadge() {
  const { t } = useTranslation();
  return <Tag severity="info" className="tb-badge" value={t('events.editor.subEvent')} />;
}

/** 'Aflyst': staff cancelled the event. */
export function CancelledBadge() {
  const { t } = useTranslation();
  return <Tag severity="danger" className="tb-badge" value={t('events.editor.cancelled')} />;
}
