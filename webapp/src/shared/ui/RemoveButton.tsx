import { Button, type ButtonProps } from 'primereact/button';
import { useTranslation } from 'react-i18next';

type RemoveButtonProps = Omit<ButtonProps, 'type' | 'text' | 'severity' | 'icon' | 'label'> & {
  /** What the button says: 'Fjern' when not given; null for the × alone. */
  label?: string | null;
  /** Names what goes, for a screen reader ('Fjern Nordisk Byg ApS'). */
  'aria-label': string;
};

/** The small red '× Fjern' that takes one thing out of a list or a field. */
export function RemoveButton({ label, ...props }: RemoveButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      text
      size="small"
      severity="danger"
      icon="pi pi-times"
      label={label === null ? undefined : (label ?? t('common.remove'))}
      {...props}
    />
  );
}
