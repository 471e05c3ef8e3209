import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RecordHistoryButtonProps {
  /** The button's accessible label, e.g. 'Historik for Lise Hansen'. */
  label: string;
  /** The dialog's heading. */
  heading: string;
  /** The history, rendered only while the dialog is open. */
  children: () => ReactNode;
}

/**
 * A row's 'Historik' (issue 37 §3): an invite or a ticket has no page of its own, so its history
 * opens in a dialog from its row.
 */
export function RecordHistoryButton({ label, heading, children }: RecordHistoryButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-history"
        aria-label={label}
        tooltip={t('history.title')}
        tooltipOptions={{ position: 'top' }}
        onClick={() => setOpen(true)}
      />
      <Dialog
        header={heading}
        visible={open}
        onHide={() => setOpen(false)}
        ariaCloseIconLabel={t('common.close')}
        dismissableMask
        style={{ width: '80vw' }}
        breakpoints={{ '960px': '95vw' }}
      >
        {open && children()}
      </Dialog>
    </>
  );
}
