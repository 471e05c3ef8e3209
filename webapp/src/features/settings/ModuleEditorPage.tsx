import { FieldArray, useField, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { TextField } from '../../shared/ui/FormFields';
import { yup } from '../../shared/validation';
import { useGetModuleDefinitionQuery, useSaveModuleMutation } from './settingsApi';
import type { AclItem, AclRule, ModuleDefinition } from './types';

type ModuleValues = Omit<ModuleDefinition, 'id' | 'sorting'> & { sorting: string };

const ACTIONS = ['manage', 'read'];

/** The access-rule modal: rows of subject (suggestion 'all'), actions, inverted, fields ('*'). */
function AclRuleDialog({
  rule,
  onApply,
  onCancel,
}: {
  rule: AclRule | null;
  onApply: (rule: AclRule) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AclRule | null>(rule);
  useEffect(() => setDraft(rule), [rule]);
  if (!draft) return null;
  const setItem = (index: number, patch: Partial<AclItem>) =>
    setDraft({
      ...draft,
      userACL: draft.userACL.map((x, i) => (i === index ? { ...x, ...patch } : x)),
    });
  return (
    <Dialog
      visible
      header={t('settings.modules.ruleDialog')}
      onHide={onCancel}
      style={{ width: 'min(52rem, 95vw)' }}
      footer={
        <>
          <Button type="button" text label={t('settings.cancel')} onClick={onCancel} />
          <Button type="button" label={t('settings.apply')} onClick={() => onApply(draft)} />
        </>
      }
    >
      <label className="tb-field">
        <span>{t('settings.modules.ruleName')}</span>
        <InputText
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </label>
      {draft.userACL.map((item, index) => (
        <div className="tb-form-row" key={index}>
          <Chips
            value={item.subject}
            placeholder="all"
            aria-label={t('settings.modules.subject')}
            onChange={(e) => setItem(index, { subject: e.value ?? [] })}
          />
          <MultiSelect
            value={item.action}
            options={ACTIONS}
            aria-label={t('settings.modules.action')}
            onChange={(e) => setItem(index, { action: e.value as string[] })}
          />
          <label>
            <Checkbox
              checked={item.inverted}
              onChange={() => setItem(index, { inverted: !item.inverted })}
            />{' '}
            {t('settings.modules.inverted')}
          </label>
          <Chips
            value={item.fields}
            placeholder="*"
            aria-label={t('settings.modules.fields')}
            onChange={(e) => setItem(index, { fields: e.value ?? [] })}
          />
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('settings.remove')}
            onClick={() =>
              setDraft({ ...draft, userACL: draft.userACL.filter((_, i) => i !== index) })
            }
          />
        </div>
      ))}
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.add')}
        onClick={() =>
          setDraft({
            ...draft,
            userACL: [
              ...draft.userACL,
              { subject: ['all'], action: ['read'], inverted: false, fields: ['*'] },
            ],
          })
        }
      />
    </Dialog>
  );
}

function AclRulesTable() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ModuleValues>();
  const [editing, setEditing] = useState<number | null>(null);
  const rules = values.aclRules;
  return (
    <div className="tb-stack">
      <h2 className="tb-card-title">{t('settings.modules.aclRules')}</h2>
      <table className="tb-simple-table">
        <thead>
          <tr>
            <th>{t('settings.modules.ruleName')}</th>
            <th>{t('settings.modules.subject')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => (
            <tr key={rule.id ?? index}>
              <td>{rule.name}</td>
              <td>{rule.userACL.flatMap((item) => item.subject).join(', ')}</td>
              <td>
                <Button
                  type="button"
                  text
                  icon="pi pi-pencil"
                  aria-label={t('table.edit')}
                  onClick={() => setEditing(index)}
                />
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('settings.remove')}
                  onClick={() =>
                    void setFieldValue(
                      'aclRules',
                      rules.filter((_, i) => i !== index),
                    )
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.modules.addRule')}
        onClick={() => {
          void setFieldValue('aclRules', [...rules, { name: '', userACL: [] }]);
          setEditing(rules.length);
        }}
      />
      <AclRuleDialog
        rule={editing === null ? null : (rules[editing] ?? null)}
        onCancel={() => setEditing(null)}
        onApply={(rule) => {
          void setFieldValue(
            'aclRules',
            rules.map((r, i) => (i === editing ? rule : r)),
          );
          setEditing(null);
        }}
      />
    </div>
  );
}

/** Values typed with commas. */
function ValuesInput({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<string[]>(name);
  return (
    <Chips
      value={field.value ?? []}
      aria-label={label}
      placeholder={label}
      onChange={(e) => void helpers.setValue(e.value ?? [])}
    />
  );
}

function FeaturesTable() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ModuleValues>();
  return (
    <FieldArray name="features">
      {({ push, remove }) => (
        <div className="tb-stack">
          <h2 className="tb-card-title">{t('settings.modules.features')}</h2>
          {values.features.map((feature, index) => (
            <details key={index} className="tb-fieldset">
              <summary>{feature.name || t('settings.modules.newFeature')}</summary>
              <div className="tb-form-row">
                <TextField name={`features.${index}.name`} label={t('settings.modules.name')} />
                <TextField name={`features.${index}.alias`} label={t('settings.modules.alias')} />
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('settings.remove')}
                  onClick={() => remove(index)}
                />
              </div>
              <FieldArray name={`features.${index}.settings`}>
                {(settings) => (
                  <>
                    {feature.settings.map((_, j) => (
                      <div className="tb-form-row" key={j}>
                        <TextField
                          name={`features.${index}.settings.${j}.name`}
                          label={t('settings.modules.key')}
                        />
                        <label>
                          <Checkbox
                            checked={feature.settings[j]?.public ?? false}
                            onChange={() => {
                              const current = feature.settings[j];
                              if (current)
                                settings.replace(j, { ...current, public: !current.public });
                            }}
                          />{' '}
                          {t('settings.modules.public')}
                        </label>
                        <ValuesInput
                          name={`features.${index}.settings.${j}.values`}
                          label={t('settings.modules.values')}
                        />
                        <Button
                          type="button"
                          text
                          severity="danger"
                          icon="pi pi-trash"
                          aria-label={t('settings.remove')}
                          onClick={() => settings.remove(j)}
                        />
                      </div>
                    ))}
                    <Button
                      type="button"
                      text
                      icon="pi pi-plus"
                      label={t('settings.modules.addSetting')}
                      onClick={() => settings.push({ name: '', public: false, values: [] })}
                    />
                  </>
                )}
              </FieldArray>
            </details>
          ))}
          <Button
            type="button"
            text
            icon="pi pi-plus"
            label={t('settings.modules.addFeature')}
            onClick={() => push({ name: '', alias: '', settings: [] })}
          />
        </div>
      )}
    </FieldArray>
  );
}

/** Views (route) or components (name), each with allowed values. */
function ChoicesTable({
  name,
  keyField,
  title,
}: {
  name: 'views' | 'components';
  keyField: 'route' | 'name';
  title: string;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ModuleValues>();
  const list = values[name] as { values: string[] }[];
  return (
    <FieldArray name={name}>
      {({ push, remove }) => (
        <div className="tb-stack">
          <h2 className="tb-card-title">{title}</h2>
          {list.map((_, index) => (
            <div className="tb-form-row" key={index}>
              <TextField
                name={`${name}.${index}.${keyField}`}
                label={
                  keyField === 'route' ? t('settings.modules.route') : t('settings.modules.name')
                }
              />
              <ValuesInput name={`${name}.${index}.values`} label={t('settings.modules.values')} />
              <Button
                type="button"
                text
                severity="danger"
                icon="pi pi-trash"
                aria-label={t('settings.remove')}
                onClick={() => remove(index)}
              />
            </div>
          ))}
          <Button
            type="button"
            text
            icon="pi pi-plus"
            label={t('settings.add')}
            onClick={() => push({ [keyField]: '', values: [] })}
          />
        </div>
      )}
    </FieldArray>
  );
}

/** /settings/modules/{id}: a module of the catalogue (spec 1 §2 Module detail). */
export function ModuleEditorPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetModuleDefinitionQuery(id, { skip: isNew });
  const [save] = useSaveModuleMutation();
  const stored = isNew ? undefined : query.data;
  const initialValues = useMemo<ModuleValues>(
    () => ({
      name: stored?.name ?? '',
      alias: stored?.alias ?? '',
      url: stored?.url ?? '',
      icon: stored?.icon ?? '',
      sorting: String(stored?.sorting ?? 0),
      features: stored?.features ?? [],
      views: stored?.views ?? [],
      components: stored?.components ?? [],
      aclRules: stored?.aclRules ?? [],
    }),
    [stored],
  );
  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().label(t('settings.modules.name')).trim().required(),
        alias: yup.string().label(t('settings.modules.alias')).trim().required(),
        icon: yup.string().label(t('settings.modules.icon')).trim().required(),
        sorting: yup.string().label(t('settings.modules.sorting')).numeric(),
      }),
    [t],
  );
  return (
    <EditorPage<ModuleValues>
      id={id}
      basePath="/settings/modules"
      title={isNew ? t('settings.modules.create') : (stored?.name ?? '')}
      label={t('settings.modules.editorTitle')}
      load={query}
      loaded={Boolean(stored)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          ...values,
          id: isNew ? undefined : id,
          sorting: Number(values.sorting || 0),
        }).unwrap()
      }
      createdMessage={t('settings.saved')}
      savedMessage={t('settings.saved')}
    >
      {() => (
        <div className="tb-stack">
          <Card className="tb-card">
            <div className="tb-form-grid">
              <TextField name="name" label={t('settings.modules.name')} />
              <TextField name="alias" label={t('settings.modules.alias')} />
              <TextField name="url" label={t('settings.modules.url')} />
              <TextField name="icon" label={t('settings.modules.icon')} />
              <TextField name="sorting" inputMode="numeric" label={t('settings.modules.sorting')} />
            </div>
          </Card>
          <Card className="tb-card">
            <AclRulesTable />
          </Card>
          <Card className="tb-card">
            <FeaturesTable />
          </Card>
          <Card className="tb-card">
            <ChoicesTable name="views" keyField="route" title={t('settings.modules.views')} />
          </Card>
          <Card className="tb-card">
            <ChoicesTable
              name="components"
              keyField="name"
              title={t('settings.modules.components')}
            />
          </Card>
        </div>
      )}
    </EditorPage>
  );
}
