import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The filter's 'Alle'. */
const ALL = 'all';

interface StatusFilterProps<S extends string> {
  /** null is 'Alle'. */
  value: S | null;
  onChange: (status: S | null) => void;
  /** The statuses to filter by, with their labels, in the list's order. */
  options: { label: string; value: S }[];
}

/** 'Status' of a list page: 'Alle', then each status. */
export function StatusFilter<S extends string>({ value, onChange, options }: StatusFilterProps<S>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('common.statusFilter.label')}</label>
      <Dropdown
        inputId={id}
        value={value ?? ALL}
        options={[{ label: t('common.statusFilter.all'), value: ALL }, ...options]}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => {
          const chosen = event.value as S | typeof ALL;
          onChange(chosen === ALL ? null : chosen);
        }}
      />
    </div>
  );
}
