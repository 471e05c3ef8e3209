import { useTranslation } from 'react-i18next';
import { DASHBOARD_WIDGETS } from '../../../shared/dashboardWidgets';
import { CheckboxField, MultiSelectField, TextField } from '../../../shared/ui/FormFields';

/**
 * Forside (the client settings' dashboard section, spec 1 §2 "Dashboard widgets (selectable by
 * alias)"): the widgets the club's home shows, in the home's order, and the events widget's
 * promoted flag and limit.
 */
export function DashboardSection() {
  const { t } = useTranslation();
  const p = 'settings.dashboard';
  return (
    <div className="tb-stack">
      <MultiSelectField<string>
        name={`${p}.widgets`}
        label={t('settings.dashboard.widgets')}
        help={t('settings.dashboard.widgetsHelp')}
        options={DASHBOARD_WIDGETS.map((widget) => ({
          label: t(widget.title),
          value: widget.alias,
        }))}
      />
      <CheckboxField name={`${p}.eventsPromoted`} label={t('settings.dashboard.eventsPromoted')} />
      <TextField
        name={`${p}.eventsLimit`}
        label={t('settings.dashboard.eventsLimit')}
        inputMode="numeric"
      />
    </div>
  );
}
