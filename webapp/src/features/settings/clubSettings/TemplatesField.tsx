import { useField } from 'formik';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';

/** A list of {name, template} (e-mail, SMS and ticket templates). */
export function TemplatesField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<{ name: string; template: string }[] | undefined>(name);
  const list = field.value ?? [];
  const set = (next: typeof list) => void helpers.setValue(next);
  return (
    <fieldset className="tb-fieldset">
      <legend>{label}</legend>
      {list.map((item, index) => (
        <div className="tb-stack" key={index}>
          <InputText
            value={item.name}
            aria-label={`${label}: ${t('settings.general.templateName')}`}
            placeholder={t('settings.general.templateName')}
            onChange={(e) =>
              set(list.map((x, i) => (i === index ? { ...x, name: e.target.value } : x)))
            }
          />
          <InputTextarea
            value={item.template}
            rows={4}
            aria-label={`${label}: ${t('settings.general.template')}`}
            onChange={(e) =>
              set(list.map((x, i) => (i === index ? { ...x, template: e.target.value } : x)))
            }
          />
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-trash"
            label={t('settings.remove')}
            onClick={() => set(list.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.add')}
        onClick={() => set([...list, { name: '', template: '' }])}
      />
    </fieldset>
  );
}
