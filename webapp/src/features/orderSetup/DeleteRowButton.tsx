import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { useToast } from '../../shared/ui/Toast';

interface DeleteRowButtonProps {
  /** The button's accessible name ('Slet salgskanalen Sponsorblok'). */
  label: string;
  /** The question asked before deleting. */
  message: string;
  /** The toast when it is deleted. */
  deleted: string;
  /** Deletes the row (a mutation's `unwrap()`): a refusal shows its message. */
  remove: () => Promise<unknown>;
}

/** 'Slet' of a row of a season's seating lists (season tickets, channels), once confirmed. */
export function DeleteRowButton({ label, message, deleted, remove }: DeleteRowButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmButton
      text
      rounded
      size="small"
      severity="danger"
      icon="pi pi-trash"
      aria-label={label}
      loading={busy}
      message={message}
      onConfirm={async () => {
        setBusy(true);
        try {
          await remove();
          toast.success(deleted);
        } catch (error) {
          toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
