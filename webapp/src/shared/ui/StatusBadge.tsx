import { Tag } from 'primereact/tag';

/** The colours of PrimeReact's Tag. */
export type BadgeSeverity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

/** A status as a badge; a struck one (a cancelled contract or subscription) is struck through. */
export function StatusBadge({
  label,
  severity,
  struck = false,
}: {
  label: string;
  severity: BadgeSeverity;
  struck?: boolean;
}) {
  return (
    <Tag severity={severity} className={struck ? 'tb-badge tb-struck' : 'tb-badge'}>
      {struck ? <s>{label}</s> : label}
    </Tag>
  );
}
