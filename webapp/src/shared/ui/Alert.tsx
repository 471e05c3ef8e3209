interface AlertProps {
  severity: 'success' | 'info' | 'warn' | 'error';
  children: string;
}

const ICONS: Record<AlertProps['severity'], string> = {
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
  error: 'pi-times-circle',
  success: 'pi-check',
};

/**
 * An inline message; errors are red and announced (role="alert"). PrimeReact's inline message as
 * markup (its classes, so the theme draws it): the public pages' shell shows it without loading
 * PrimeReact (issue 36).
 */
export function Alert({ severity, children }: AlertProps) {
  return (
    <div
      className={`p-inline-message p-component p-inline-message-${severity} tb-alert`}
      role={severity === 'error' ? 'alert' : 'status'}
      aria-live="polite"
      aria-atomic="true"
    >
      <span className={`p-inline-message-icon pi ${ICONS[severity]}`} aria-hidden="true" />
      <span className="p-inline-message-text">{children}</span>
    </div>
  );
}
