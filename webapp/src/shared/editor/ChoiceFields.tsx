import { fullName } from '../format';
import { SelectField } from '../ui/FormFields';
import { useGetClubUsersQuery, useGetSeasonChoicesQuery } from './editorChoicesApi';

interface ChoiceFieldProps {
  label: string;
  /** What 'none' reads ('Ingen sæson'). */
  placeholder: string;
  /** Locked: the value shows and cannot be cleared. */
  disabled: boolean;
}

/** 'Sæson' of the form field `seasonId`: one of the club's seasons, or none. */
export function SeasonField({ label, placeholder, disabled }: ChoiceFieldProps) {
  const { data: seasons = [] } = useGetSeasonChoicesQuery();
  return (
    <SelectField
      name="seasonId"
      label={label}
      options={seasons.map((season) => ({ label: season.title, value: season.id }))}
      showClear={!disabled}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}

/** 'Ansvarlig' of the form field `ownerId`: one of the club's users (filterable), or none. */
export function OwnerField({ label, placeholder, disabled }: ChoiceFieldProps) {
  const { data: users = [] } = useGetClubUsersQuery();
  return (
    <SelectField
      name="ownerId"
      label={label}
      options={users.map((user) => ({ label: fullName(user) || user.email, value: user.id }))}
      filter
      showClear={!disabled}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}
