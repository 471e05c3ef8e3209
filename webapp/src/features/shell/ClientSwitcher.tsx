import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientConfig, ClientRef } from '../../api/appApi';
import { changeClientUrl, navigateAway } from '../../shared/navigation';

interface ClientSwitcherProps {
  client: ClientConfig | null;
  clients: ClientRef[];
}

/** Shown only with more than one club; switching navigates to the server, which reloads at /. */
export function ClientSwitcher({ client, clients }: ClientSwitcherProps) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  if (clients.length <= 1) return null;
  const name = client?.name ?? '';
  const items: MenuItem[] = clients.map((candidate) => ({
    label: candidate.name,
    icon: candidate.id === client?.id ? 'pi pi-check' : undefined,
    disabled: candidate.id === client?.id,
    command: () => navigateAway(changeClientUrl(candidate.id)),
  }));
  return (
    <>
      <Menu model={items} popup ref={menu} id="tb-client-menu" />
      <Button
        type="button"
        outlined
        icon="pi pi-building"
        iconPos="left"
        label={name}
        aria-label={t('shell.topbar.switchClub', { name })}
        aria-haspopup="menu"
        aria-controls="tb-client-menu"
        onClick={(event) => menu.current?.toggle(event)}
        className="tb-client-switcher"
      />
    </>
  );
}
