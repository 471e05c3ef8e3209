import { Button, type ButtonProps } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmHostListens, confirmHostMounted, wantConfirmHost } from './confirmHost';

// The app mounts the dialog's host once a page that asks has loaded.
wantConfirmHost();

/** Mounted once (the app does, once this module has loaded): the dialog every confirmation uses. */
export function ConfirmDialogHost() {
  // The dialog's own effect (a child's, so it runs first) has started listening by now.
  useEffect(() => confirmHostListens(), []);
  return <ConfirmDialog />;
}

export interface ConfirmOptions {
  /** The question, e.g. 'Er du sikker på at du vil slette denne virksomhed?'. */
  message: string;
  header?: string;
}

/** Asks with the buttons 'Bekræft' / 'Fortryd'; resolves true when confirmed. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    ({ message, header }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        void confirmHostMounted.then(() =>
          confirmDialog({
            message,
            header: header ?? t('common.confirm.header'),
            icon: 'pi pi-exclamation-triangle',
            acceptLabel: t('common.confirm.accept'),
            rejectLabel: t('common.confirm.reject'),
            defaultFocus: 'reject',
            accept: () => resolve(true),
            reject: () => resolve(false),
            onHide: () => resolve(false),
          }),
        );
      }),
    [t],
  );
}

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  message: string;
  onConfirm: () => void | Promise<void>;
}

/** A button that runs `onConfirm` only after the user confirmed `message`. */
export function ConfirmButton({ message, onConfirm, ...buttonProps }: ConfirmButtonProps) {
  const confirm = useConfirm();
  return (
    <Button
      type="button"
      {...buttonProps}
      onClick={async () => {
        if (await confirm({ message })) await onConfirm();
      }}
    />
  );
}
