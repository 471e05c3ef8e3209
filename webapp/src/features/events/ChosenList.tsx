import type { ReactNode } from 'react';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/**
 * The things chosen on an event or its type (sponsors, the type's companies and contracts): each
 * shown as `show` draws it, with 'Fjern' (named by `removeLabel` for a screen reader), which
 * hands back the rest. Labelled by `label` or by the element `labelledBy`.
 */
export function ChosenList<T extends { id: string }>({
  items,
  label,
  labelledBy,
  show,
  removeLabel,
  onChange,
}: {
  items: T[];
  label?: string;
  labelledBy?: string;
  show: (item: T) => ReactNode;
  removeLabel: (item: T) => string;
  onChange: (items: T[]) => void;
}) {
  return (
    <ul className="tb-stack" aria-label={label} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id} className="tb-chosen">
          {show(item)}
          <RemoveButton
            aria-label={removeLabel(item)}
            onClick={() => onChange(items.filter((chosen) => chosen.id !== item.id))}
          />
        </li>
      ))}
    </ul>
  );
}
