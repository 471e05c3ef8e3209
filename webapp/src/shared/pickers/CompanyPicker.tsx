import { useLazySearchCompaniesQuery } from './pickersApi';
import { SearchPicker, type PickerProps } from './SearchPicker';
import type { CompanyPick } from './types';

/** Picks one of the club's companies by name or CVR; a proposal shows the name and the city. */
export function CompanyPicker(props: PickerProps<CompanyPick>) {
  const [search] = useLazySearchCompaniesQuery();
  return (
    <SearchPicker<CompanyPick>
      {...props}
      search={(query) => search(query).unwrap()}
      field="name"
      proposal={(company) => (
        <div className="tb-picker-option">
          <strong>{company.name}</strong>
          {company.city && <small>{company.city}</small>}
        </div>
      )}
    />
  );
}
