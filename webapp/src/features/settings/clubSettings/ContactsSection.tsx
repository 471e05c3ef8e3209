import { useField } from 'formik';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../api/baseApi';
import { useToast } from '../../../shared/ui/Toast';
import { useGetImportTeamsQuery, useImportTeamsMutation } from '../settingsApi';
import { ExtraInfoDefinitionsField } from './ExtraInfoDefinitionsField';

/** The team-sport import: teams and roles to import, and 'Importer'. */
function TeamImport({ canImport }: { canImport: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useGetImportTeamsQuery();
  const [teams, , teamHelpers] = useField<string[] | undefined>(
    'settings.contacts.importTeamLists',
  );
  const [roles, , roleHelpers] = useField<string[] | undefined>(
    'settings.contacts.importRoleLists',
  );
  const [runImport, { isLoading }] = useImportTeamsMutation();
  return (
    <fieldset className="tb-fieldset">
      <legend>{t('settings.contacts.import')}</legend>
      <label className="tb-field">
        <span>{t('settings.contacts.teams')}</span>
        <MultiSelect
          value={teams.value ?? []}
          options={(data?.teams ?? []).map((team) => ({ label: team.name, value: team.id }))}
          onChange={(e) => void teamHelpers.setValue(e.value as string[])}
          display="chip"
        />
      </label>
      <label className="tb-field">
        <span>{t('settings.contacts.roles')}</span>
        <MultiSelect
          value={roles.value ?? []}
          options={(data?.roles ?? []).map((role) => ({ label: role, value: role }))}
          onChange={(e) => void roleHelpers.setValue(e.value as string[])}
          display="chip"
        />
      </label>
      {canImport && (
        <Button
          type="button"
          icon="pi pi-download"
          label={t('settings.contacts.runImport')}
          loading={isLoading}
          onClick={async () => {
            try {
              await runImport({
                importTeamLists: teams.value ?? [],
                importRoleLists: roles.value ?? [],
              }).unwrap();
              toast.success(t('settings.contacts.imported'));
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
            }
          }}
        />
      )}
    </fieldset>
  );
}

/** Kontakter: the contacts' extra-info fields and the team-sport import (of the current club only). */
export function ContactsSection({ canImport }: { canImport: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <ExtraInfoDefinitionsField
        name="settings.contacts.extraInfo"
        label={t('settings.general.extraInfo')}
      />
      <TeamImport canImport={canImport} />
    </>
  );
}
