import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientModule } from '../../api/appApi';

/**
 * A module's name as the user reads it (issue 37 §6): in Danish the name the catalogue gives it
 * (a System Admin may have renamed it); in another language the standard module's name in that
 * language, and a module the app does not know by its alias keeps its catalogue name.
 */
export function useModuleName(): (module: Pick<ClientModule, 'alias' | 'name'>) => string {
  const { t, i18n } = useTranslation();
  const danish = (i18n.resolvedLanguage ?? i18n.language ?? 'da') === 'da';
  return useCallback(
    (module) =>
      danish ? module.name : t(`shell.modules.${module.alias}`, { defaultValue: module.name }),
    [danish, t],
  );
}
