import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../ui/FormFields';

/** What every picker (company, contact, product) takes. */
export interface PickerProps<Item> {
  /** The field's label, e.g. 'Virksomhed'. */
  label: string;
  /** The chosen item the field shows; null shows an empty field to search in. */
  value: Item | null;
  /** Told the item the user picked from the proposals. */
  onChange: (item: Item) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Marks the field invalid (aria-invalid too). */
  invalid?: boolean;
  /** Why the field is invalid, shown under it. */
  error?: string;
}

interface SearchPickerProps<Item> extends PickerProps<Item> {
  /** The server's search; a failed search proposes nothing. */
  search: (query: string) => Promise<Item[]>;
  /** The item's property the field shows. */
  field: keyof Item & string;
  /** How a proposal reads. */
  proposal: (item: Item) => ReactNode;
  /** How the chosen item reads in the field; default its `field`. */
  chosenText?: (item: Item) => string;
  /** How long a picked item stays in the field when the value stays empty; default 0. */
  clearAfterMs?: number;
}

/**
 * A labelled search field that proposes the server's matches as the user types (after 300 ms) and
 * tells the one picked. The field then shows `value`: the picked item when the screen keeps it, or
 * empty again (after `clearAfterMs`) when the screen only adds it somewhere.
 */
export function SearchPicker<Item extends { id: string }>({
  label,
  value,
  onChange,
  placeholder,
  disabled,
  invalid,
  error,
  search,
  field,
  proposal,
  chosenText,
  clearAfterMs = 0,
}: SearchPickerProps<Item>) {
  const { t } = useTranslation();
  const id = useId();
  // What the user typed, or a picked item until the field shows `value` again.
  const [typed, setTyped] = useState<string | Item | null>(null);
  const [proposals, setProposals] = useState<Item[]>([]);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  return (
    <FieldFrame id={id} label={label} error={error}>
      {/* PrimeReact types the items of a generic field loosely: the picker keeps its own Item. */}
      <AutoComplete<{ id: string }>
        inputId={id}
        value={typed ?? value ?? ''}
        suggestions={proposals}
        field={field}
        delay={300}
        disabled={disabled}
        placeholder={placeholder}
        invalid={invalid || Boolean(error)}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        showEmptyMessage
        emptyMessage={t('common.noOptions')}
        completeMethod={async (event) => {
          try {
            setProposals(await search(event.query));
          } catch {
            setProposals([]);
          }
        }}
        itemTemplate={(item) => proposal(item as Item)}
        selectedItemTemplate={chosenText && ((item) => chosenText(item as Item))}
        onChange={(event) => setTyped(event.value as string | Item)}
        onSelect={(event) => {
          const item = event.value as Item;
          onChange(item);
          clearTimeout(clearTimer.current);
          if (clearAfterMs > 0) {
            setTyped(item);
            clearTimer.current = setTimeout(() => setTyped(null), clearAfterMs);
          } else {
            setTyped(null);
          }
        }}
      />
    </FieldFrame>
  );
}
