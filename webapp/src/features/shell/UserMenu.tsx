import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../api/appApi';
import { LOGOUT_URL, postAndNavigate } from '../../shared/navigation';
import { UserAvatar } from '../../shared/ui/UserAvatar';

interface UserMenuProps {
  user: SessionUser;
  /** Switches the language; the label names the other language. */
  onLanguage: { label: string; switch: () => void };
}

/** Name, e-mail and picture, with 'Profil' and 'Log ud'. */
export function UserMenu({ user, onLanguage }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = [
    {
      template: () => (
        <div className="tb-user-menu-header">
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </div>
      ),
    },
    { separator: true },
    { label: t('shell.topbar.profile'), icon: 'pi pi-user', command: () => navigate('/profile') },
    { label: onLanguage.label, icon: 'pi pi-globe', command: onLanguage.switch },
    {
      label: t('shell.topbar.logout'),
      icon: 'pi pi-sign-out',
      command: () => void postAndNavigate(LOGOUT_URL),
    },
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} id="tb-user-menu" />
      <Button
        type="button"
        text
        className="tb-user-button"
        aria-label={t('shell.topbar.userMenu', { name: user.name })}
        aria-haspopup="menu"
        aria-controls="tb-user-menu"
        onClick={(event) => menu.current?.toggle(event)}
      >
        <UserAvatar name={user.name} picture={user.picture} />
        <span className="tb-user-name">{user.name}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </Button>
    </>
  );
}
