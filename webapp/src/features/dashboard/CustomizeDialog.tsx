import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveErrorMessage } from '../../shared/conflict';
import { widgetTitle, type WidgetAlias } from '../../shared/dashboardWidgets';
import { useToast } from '../../shared/ui/Toast';
import { useChooseDashboardWidgetsMutation } from './dashboardApi';
import type { DashboardWidgets } from './types';

/**
 * 'Tilpas forside': the staff member ticks the widgets their own home shows in this club, or goes
 * back to the club's choice. The server keeps the choice and answers what the home shows.
 */
export function CustomizeDialog({
  widgets,
  onClose,
}: {
  widgets: DashboardWidgets;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const available = widgets.available as WidgetAlias[];
  const [checked, setChecked] = useState<string[]>(
    widgets.chosen.filter((alias) => available.includes(alias as WidgetAlias)),
  );
  const [error, setError] = useState<string>();
  const [choose, { isLoading }] = useChooseDashboardWidgetsMutation();
  const submit = async (chosen: string[] | null) => {
    if (chosen && chosen.length === 0) {
      setError(t('dashboard.customize.none'));
      return;
    }
    try {
      await choose({ widgets: chosen }).unwrap();
      toast.success(chosen ? t('dashboard.customize.saved') : t('dashboard.customize.reset'));
      onClose();
    } catch (failure) {
      setError(saveErrorMessage(failure, t, t('common.errors.generic')));
    }
  };
  return (
    <Dialog
      header={t('dashboard.customize.title')}
      visible
      onHide={onClose}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: 'min(95vw, 32rem)' }}
      footer={
        <div className="tb-form-actions">
          {widgets.chosenBy === 'user' && (
            <Button
              type="button"
              label={t('dashboard.customize.useClub')}
              severity="secondary"
              text
              onClick={() => void submit(null)}
              disabled={isLoading}
            />
          )}
          <Button
            type="button"
            label={t('dashboard.customize.cancel')}
            severity="secondary"
            outlined
            onClick={onClose}
          />
          <Button
            type="button"
            label={t('dashboard.customize.save')}
            icon="pi pi-save"
            loading={isLoading}
            // The order of the home: the widgets' own.
            onClick={() => void submit(available.filter((alias) => checked.includes(alias)))}
          />
        </div>
      }
    >
      <p id={`${id}-help`}>{t('dashboard.customize.help')}</p>
      <fieldset className="tb-dashboard-choices" aria-describedby={`${id}-help`}>
        <legend>{t('dashboard.customize.widgets')}</legend>
        {available.map((alias) => (
          <div key={alias} className="tb-field-inline">
            <Checkbox
              inputId={`${id}-${alias}`}
              value={alias}
              checked={checked.includes(alias)}
              onChange={(event) => {
                setError(undefined);
                setChecked(
                  event.checked ? [...checked, alias] : checked.filter((c) => c !== alias),
                );
              }}
            />
            <label htmlFor={`${id}-${alias}`}>{widgetTitle(alias, t)}</label>
          </div>
        ))}
      </fieldset>
      {error && (
        <small role="alert" className="p-error">
          {error}
        </small>
      )}
    </Dialog>
  );
}
