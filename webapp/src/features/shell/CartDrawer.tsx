import { Button } from 'primereact/button';
import { Sidebar as Drawer } from 'primereact/sidebar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The cart drawer 'Kurv' of the public header; the web-shop feature fills it. */
export function CartDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-shopping-cart"
        aria-label={t('shell.header.cart')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <Drawer
        visible={open}
        position="right"
        onHide={() => setOpen(false)}
        header={<h2 className="tb-drawer-title">{t('shell.header.cart')}</h2>}
        style={{ width: '24rem' }}
        closeIcon="pi pi-times"
        ariaCloseLabel={t('common.close')}
      >
        <p>{t('shell.header.cartEmpty')}</p>
      </Drawer>
    </>
  );
}
