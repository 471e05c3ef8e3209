import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ActionsMenuProps<A extends string> {
  /** The actions the entity's status allows, in menu order. */
  actions: readonly A[];
  /** Each action's text in the menu. */
  labels: (action: A) => string;
  icons: Record<A, string>;
  /** Actions shown in red (cancelling, deleting). */
  danger: readonly A[];
  commands: Record<A, () => Promise<void>>;
  /** An action is running: the button spins. */
  busy: boolean;
}

/** 'Handlinger' of an editor: a button opening the menu of the entity's actions. */
export function ActionsMenu<A extends string>({
  actions,
  labels,
  icons,
  danger,
  commands,
  busy,
}: ActionsMenuProps<A>) {
  const { t } = useTranslation();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const items: MenuItem[] = actions.map((action) => ({
    label: labels(action),
    icon: icons[action],
    className: danger.includes(action) ? 'tb-menu-danger' : undefined,
    command: () => void commands[action](),
  }));
  return (
    <>
      <Menu model={items} popup ref={menu} id={menuId} className="tb-actions-menu" />
      <Button
        type="button"
        outlined
        icon="pi pi-bars"
        label={t('common.actionsMenu')}
        aria-haspopup="menu"
        aria-controls={menuId}
        loading={busy}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
