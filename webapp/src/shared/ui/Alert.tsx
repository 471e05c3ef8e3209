import { Message } from 'primereact/message';

interface AlertProps {
  severity: 'success' | 'info' | 'warn' | 'error';
  children: string;
}

/** An inline message; errors are red and announced (role="alert"). */
export function Alert({ severity, children }: AlertProps) {
  return (
    <Message
      severity={severity}
      text={children}
      className="tb-alert"
      role={severity === 'error' ? 'alert' : 'status'}
    />
  );
}
