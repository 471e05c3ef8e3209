import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../format';

/** The contacts picker empties itself this long after a choice (spec 1 §9). */
export const CONTACT_PICKER_CLEAR_MS = 300;

export interface PickableContact {
  id: string;
  firstname: string;
  lastname: string;
  email?: string | null;
}

interface ContactPickerProps<T extends PickableContact> {
  inputId: string;
  placeholder: string;
  /** The server's search; a failed search proposes nothing. */
  search: (query: string) => Promise<T[]>;
  /** Contacts already chosen, left out of the proposals. */
  chosen: readonly PickableContact[];
  onPick: (contact: T) => void;
}

/** A searchable contact picker (name and e-mail) that clears itself after a choice. */
export function ContactPicker<T extends PickableContact>({
  inputId,
  placeholder,
  search,
  chosen,
  onPick,
}: ContactPickerProps<T>) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | PickableContact>('');
  // PrimeReact's AutoComplete types its items loosely; the picker keeps its own T.
  const [suggestions, setSuggestions] = useState<PickableContact[]>([]);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  return (
    <AutoComplete
      inputId={inputId}
      value={text}
      suggestions={suggestions}
      field="firstname"
      delay={300}
      placeholder={placeholder}
      showEmptyMessage
      emptyMessage={t('common.noOptions')}
      completeMethod={async (event) => {
        try {
          const found = await search(event.query);
          setSuggestions(found.filter((contact) => !chosen.some((c) => c.id === contact.id)));
        } catch {
          setSuggestions([]);
        }
      }}
      itemTemplate={(contact: PickableContact) => (
        <div className="tb-picker-option">
          <strong>{fullName(contact)}</strong>
          {contact.email && <small>{contact.email}</small>}
        </div>
      )}
      selectedItemTemplate={(contact: PickableContact) => fullName(contact)}
      onChange={(event) => setText(event.value as string | PickableContact)}
      onSelect={(event) => {
        onPick(event.value as T);
        clearTimeout(clearTimer.current);
        clearTimer.current = setTimeout(() => setText(''), CONTACT_PICKER_CLEAR_MS);
      }}
    />
  );
}
