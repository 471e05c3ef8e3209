import { useField } from 'formik';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';

interface Definition {
  title: string;
  alias: string;
  type: string;
  values: string[];
  multiple: boolean;
  required: boolean;
}

/** The extra-info definitions of companies or contacts (spec 1 §3 Extra info). */
export function ExtraInfoDefinitionsField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<Definition[] | undefined>(name);
  const list = field.value ?? [];
  const set = (index: number, patch: Partial<Definition>) =>
    void helpers.setValue(list.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <fieldset className="tb-fieldset">
      <legend>{label}</legend>
      {list.map((def, index) => (
        <div className="tb-form-row" key={index}>
          <InputText
            value={def.title}
            placeholder={t('settings.general.title')}
            aria-label={t('settings.general.title')}
            onChange={(e) => set(index, { title: e.target.value })}
          />
          <InputText
            value={def.alias}
            placeholder={t('settings.general.alias')}
            aria-label={t('settings.general.alias')}
            onChange={(e) => set(index, { alias: e.target.value })}
          />
          <Dropdown
            value={def.type}
            options={['Text', 'Select', 'Radio', 'Checkbox']}
            ariaLabel={t('settings.general.type')}
            onChange={(e) => set(index, { type: e.value as string })}
          />
          <InputText
            value={def.values.join(', ')}
            placeholder={t('settings.general.values')}
            aria-label={t('settings.general.values')}
            onChange={(e) =>
              set(index, {
                values: e.target.value
                  .split(',')
                  .map((v) => v.trim())
                  .filter(Boolean),
              })
            }
          />
          <label>
            <Checkbox
              checked={def.multiple}
              onChange={() => set(index, { multiple: !def.multiple })}
            />{' '}
            {t('settings.general.multiple')}
          </label>
          <label>
            <Checkbox
              checked={def.required}
              onChange={() => set(index, { required: !def.required })}
            />{' '}
            {t('settings.general.required')}
          </label>
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('settings.remove')}
            onClick={() => void helpers.setValue(list.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.add')}
        onClick={() =>
          void helpers.setValue([
            ...list,
            { title: '', alias: '', type: 'Text', values: [], multiple: false, required: false },
          ])
        }
      />
    </fieldset>
  );
}
