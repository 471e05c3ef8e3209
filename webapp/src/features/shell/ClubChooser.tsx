import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPublicClientsQuery } from '../../api/appApi';
import { changeClientUrl, navigateAway } from '../../shared/navigation';

/** 'Vælg klub' for a visitor without a current club: choosing one reloads the site as that club. */
export function ClubChooser() {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const { data: clubs = [] } = useGetPublicClientsQuery();
  const items: MenuItem[] = clubs.map((club) => ({
    label: club.name,
    command: () => navigateAway(changeClientUrl(club.id)),
  }));
  return (
    <>
      <Menu model={items} popup ref={menu} id="tb-club-menu" />
      <Button
        type="button"
        label={t('shell.header.chooseClub')}
        icon="pi pi-angle-down"
        iconPos="right"
        aria-haspopup="menu"
        aria-controls="tb-club-menu"
        disabled={clubs.length === 0}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
