import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientModuleRow, ModuleDefinition, Role } from './types';

interface Props {
  module: ClientModuleRow | null;
  definition: ModuleDefinition | undefined;
  roles: Role[];
  onApply: (module: ClientModuleRow) => void;
  onCancel: () => void;
}

/** The map without `key` (a cleared choice is left out). */
function without<V>(map: Record<string, V>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(map).filter(([k]) => k !== key));
}

/**
 * A choice among allowed values, or free text when the module allows any (spec 1 §2); no choice
 * is the module's standard.
 */
function ValueInput({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return values.length > 0 ? (
    <Dropdown
      value={value || null}
      options={values}
      onChange={(e) => onChange((e.value as string | null) ?? '')}
      showClear
      // Not `placeholder`: PrimeReact would name the select by it instead of by `ariaLabel`.
      valueTemplate={(chosen: string | null) => chosen ?? t('settings.clients.variantDefault')}
      ariaLabel={label}
      emptyMessage={t('common.noOptions')}
    />
  ) : (
    <InputText value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} />
  );
}

/** The per-module modal: endpoint, views, components, role rules and features; Apply or Cancel. */
export function ClientModuleDialog({ module, definition, roles, onApply, onCancel }: Props) {
  const { t } = useTranslation();
  const endpointHelp = useId();
  const [draft, setDraft] = useState<ClientModuleRow | null>(module);
  useEffect(() => setDraft(module), [module]);
  if (!draft) return null;
  const set = (patch: Partial<ClientModuleRow>) => setDraft({ ...draft, ...patch });
  const rules = definition?.aclRules ?? [];
  return (
    <Dialog
      header={t('settings.clients.moduleDialog', { name: draft.name || draft.moduleName })}
      visible
      onHide={onCancel}
      className="tb-module-dialog"
      style={{ width: 'min(48rem, 95vw)' }}
      footer={
        <>
          <Button type="button" text label={t('settings.cancel')} onClick={onCancel} />
          <Button type="button" label={t('settings.apply')} onClick={() => onApply(draft)} />
        </>
      }
    >
      <div className="tb-stack">
        <label className="tb-field">
          <span>{t('settings.clients.customEndpoint')}</span>
          <InputText
            value={draft.customEndpoint ?? ''}
            onChange={(e) => set({ customEndpoint: e.target.value })}
            aria-describedby={endpointHelp}
          />
          <small id={endpointHelp} className="tb-field-help">
            {t('settings.clients.customEndpointHelp')}
          </small>
        </label>
        {(definition?.views ?? []).length > 0 && <h3>{t('settings.clients.customViews')}</h3>}
        {(definition?.views ?? []).map((view) => (
          <div className="tb-form-row" key={view.route}>
            <span>{view.route}</span>
            <ValueInput
              label={view.route}
              values={view.values}
              value={draft.customViews[view.route] ?? ''}
              onChange={(value) => {
                set({
                  customViews: value
                    ? { ...draft.customViews, [view.route]: value }
                    : without(draft.customViews, view.route),
                });
              }}
            />
          </div>
        ))}
        {(definition?.components ?? []).length > 0 && (
          <h3>{t('settings.clients.customComponents')}</h3>
        )}
        {(definition?.components ?? []).map((component) => (
          <div className="tb-form-row" key={component.name}>
            <span>{component.name}</span>
            <ValueInput
              label={component.name}
              values={component.values}
              value={draft.customComponents[component.name] ?? ''}
              onChange={(value) => {
                set({
                  customComponents: value
                    ? { ...draft.customComponents, [component.name]: value }
                    : without(draft.customComponents, component.name),
                });
              }}
            />
          </div>
        ))}
        <h3>{t('settings.clients.roleRules')}</h3>
        <table className="tb-simple-table">
          <thead>
            <tr>
              <th>{t('settings.clients.rule')}</th>
              <th>{t('settings.clients.role')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {draft.roleAcls.map((link, index) => (
              <tr key={index}>
                <td>
                  <Dropdown
                    value={link.ruleId}
                    options={rules.map((r) => ({ label: r.name, value: r.id }))}
                    onChange={(e) => {
                      const next = [...draft.roleAcls];
                      next[index] = { ...link, ruleId: e.value as string };
                      set({ roleAcls: next });
                    }}
                    ariaLabel={t('settings.clients.rule')}
                  />
                </td>
                <td>
                  <Dropdown
                    value={link.role}
                    options={roles.map((r) => ({ label: r.name, value: r.alias }))}
                    onChange={(e) => {
                      const next = [...draft.roleAcls];
                      next[index] = { ...link, role: e.value as string };
                      set({ roleAcls: next });
                    }}
                    ariaLabel={t('settings.clients.role')}
                  />
                </td>
                <td>
                  <Button
                    type="button"
                    text
                    severity="danger"
                    icon="pi pi-trash"
                    aria-label={t('settings.remove')}
                    onClick={() => set({ roleAcls: draft.roleAcls.filter((_, i) => i !== index) })}
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
          label={t('settings.clients.addRoleRule')}
          disabled={rules.length === 0 || roles.length === 0}
          onClick={() =>
            set({
              roleAcls: [
                ...draft.roleAcls,
                { ruleId: rules[0]?.id ?? '', role: roles[0]?.alias ?? '' },
              ],
            })
          }
        />
        {(definition?.features ?? []).length > 0 && <h3>{t('settings.clients.features')}</h3>}
        {(definition?.features ?? []).map((feature) => {
          const on = feature.alias in draft.features;
          const settings = draft.features[feature.alias] ?? {};
          return (
            <div key={feature.alias} className="tb-stack">
              <div className="tb-field tb-field-inline">
                <Checkbox
                  inputId={`feature-${feature.alias}`}
                  checked={on}
                  onChange={() => {
                    set({
                      features: on
                        ? without(draft.features, feature.alias)
                        : { ...draft.features, [feature.alias]: {} },
                    });
                  }}
                />
                <label htmlFor={`feature-${feature.alias}`}>{feature.name}</label>
              </div>
              {on &&
                feature.settings.map((setting) => (
                  <div className="tb-form-row" key={setting.name}>
                    <span>{setting.name}</span>
                    <ValueInput
                      label={setting.name}
                      values={setting.values}
                      value={settings[setting.name] ?? ''}
                      onChange={(value) =>
                        set({
                          features: {
                            ...draft.features,
                            [feature.alias]: { ...settings, [setting.name]: value },
                          },
                        })
                      }
                    />
                  </div>
                ))}
            </div>
          );
        })}
      </div>
    </Dialog>
  );
}
