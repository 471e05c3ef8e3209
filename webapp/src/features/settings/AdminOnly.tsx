import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { Alert } from '../../shared/ui/Alert';

/**
 * The settings area's screens for club admins, and its admin group for System Admins only. The
 * API refuses the calls anyway; this keeps others from seeing an empty screen.
 */
export function AdminOnly({ system, children }: { system?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAppSession();
  const allowed = system ? user?.superAdmin : user?.admin;
  if (!allowed) {
    return (
      <section className="tb-page">
        <Alert severity="error">{t('settings.forbidden')}</Alert>
      </section>
    );
  }
  return <>{children}</>;
}
