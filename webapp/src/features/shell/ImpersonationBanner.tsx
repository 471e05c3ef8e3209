import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/appApi';
import { IMPERSONATION_RETURN_URL, postAndNavigate } from '../../shared/navigation';

/** While an admin acts as another user, says so and offers the way back. */
export function ImpersonationBanner({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  if (!user.impersonator) return null;
  return (
    <div className="tb-impersonation" role="status">
      <i className="pi pi-user-edit" aria-hidden="true" />
      <span>{t('shell.impersonation.banner', { name: user.name })}</span>
      <Button
        type="button"
        size="small"
        severity="warning"
        label={t('shell.impersonation.return', { name: user.impersonator.name })}
        onClick={() => void postAndNavigate(IMPERSONATION_RETURN_URL)}
      />
    </div>
  );
}
