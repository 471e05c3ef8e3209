import { fullName } from '../format';
import { useLazySearchContactsQuery } from './pickersApi';
import { SearchPicker, type PickerProps } from './SearchPicker';
import type { ContactPick } from './types';

/** The contacts picker empties itself this long after a choice (spec 1 §9). */
export const CONTACT_PICKER_CLEAR_MS = 300;

interface ContactPickerProps extends PickerProps<ContactPick> {
  /** Only this company's contact persons. */
  companyId?: string | null;
  /** Contacts already chosen, left out of the proposals. */
  exclude?: readonly { id: string }[];
}

/** Picks a contact by name or e-mail; a proposal shows the name and the e-mail. */
export function ContactPicker({ companyId, exclude = [], ...props }: ContactPickerProps) {
  const [search] = useLazySearchContactsQuery();
  return (
    <SearchPicker<ContactPick>
      {...props}
      search={async (query) =>
        (await search({ search: query, companyId }).unwrap()).filter(
          (contact) => !exclude.some((chosen) => chosen.id === contact.id),
        )
      }
      field="firstname"
      proposal={(contact) => (
        <div className="tb-picker-option">
          <strong>{fullName(contact)}</strong>
          {contact.email && <small>{contact.email}</small>}
        </div>
      )}
      chosenText={fullName}
      clearAfterMs={CONTACT_PICKER_CLEAR_MS}
    />
  );
}
