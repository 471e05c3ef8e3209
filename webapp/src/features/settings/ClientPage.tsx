import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { CheckboxField, TextField } from '../../shared/ui/FormFields';
import { Tabs } from '../../shared/ui/Tabs';
import { yup } from '../../shared/validation';
import { ClientModuleDialog } from './ClientModuleDialog';
import { ClubSettingsForm } from './ClubSettingsPage';
import {
  useGetClientDetailQuery,
  useGetModuleChoicesQuery,
  useSaveClientMutation,
} from './settingsApi';
import type { ClientModuleRow, Role } from './types';

/** The module picker clears this long after a choice (spec 1 §9). */
export const MODULE_PICKER_CLEAR_MS = 500;

interface ClientValues {
  name: string;
  active: boolean;
  roles: Role[];
  modules: ClientModuleRow[];
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The Modules tab: picker, and draggable cards in the club's order. */
function ModulesTab() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ClientValues>();
  const { data: catalogue = [] } = useGetModuleChoicesQuery();
  const [picked, setPicked] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => {
    if (!picked) return;
    const timer = setTimeout(() => setPicked(null), MODULE_PICKER_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [picked]);
  const modules = values.modules;
  const setModules = (next: ClientModuleRow[]) => void setFieldValue('modules', next);
  const choices = catalogue
    .filter((m) => !modules.some((cm) => cm.moduleId === m.id))
    .map((m) => ({ label: m.name, value: m.id }));
  const editingModule = editing === null ? null : (modules[editing] ?? null);
  return (
    <div className="tb-stack">
      <Dropdown
        value={picked}
        options={choices}
        placeholder={t('settings.clients.addModule')}
        ariaLabel={t('settings.clients.addModule')}
        emptyMessage={t('common.noOptions')}
        onChange={(e) => {
          const module = catalogue.find((m) => m.id === e.value);
          setPicked(e.value as string);
          if (!module) return;
          setModules([
            ...modules,
            {
              moduleId: module.id,
              alias: module.alias,
              moduleName: module.name,
              icon: module.icon,
              name: null,
              active: true,
              // The server numbers the modules by their place when it saves.
              sorting: (modules.length + 1) * 10,
              customEndpoint: null,
              customViews: {},
              customComponents: {},
              roleAcls: [],
              features: {},
            },
          ]);
        }}
      />
      <ul className="tb-module-cards" aria-label={t('settings.clients.modules')}>
        {modules.map((module, index) => (
          <li
            key={module.moduleId}
            className="tb-module-card"
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== index) setModules(move(modules, dragged, index));
              setDragged(null);
            }}
            aria-label={module.moduleName}
          >
            <i className={module.icon} aria-hidden="true" />
            <strong>{module.moduleName}</strong>
            <InputText
              value={module.name ?? ''}
              placeholder={module.moduleName}
              aria-label={t('settings.clients.nameOverride', { name: module.moduleName })}
              onChange={(e) =>
                setModules(
                  modules.map((m, i) => (i === index ? { ...m, name: e.target.value } : m)),
                )
              }
            />
            <InputSwitch
              checked={module.active}
              aria-label={t('settings.clients.moduleActive', { name: module.moduleName })}
              onChange={(e) =>
                setModules(
                  modules.map((m, i) => (i === index ? { ...m, active: Boolean(e.value) } : m)),
                )
              }
            />
            <Button
              type="button"
              text
              icon="pi pi-arrow-up"
              disabled={index === 0}
              aria-label={t('settings.clients.moveUp', { name: module.moduleName })}
              onClick={() => setModules(move(modules, index, index - 1))}
            />
            <Button
              type="button"
              text
              icon="pi pi-arrow-down"
              disabled={index === modules.length - 1}
              aria-label={t('settings.clients.moveDown', { name: module.moduleName })}
              onClick={() => setModules(move(modules, index, index + 1))}
            />
            <Button
              type="button"
              text
              icon="pi pi-pencil"
              aria-label={t('settings.clients.editModule', { name: module.moduleName })}
              onClick={() => setEditing(index)}
            />
            <Button
              type="button"
              text
              severity="danger"
              icon="pi pi-trash"
              aria-label={t('settings.clients.removeModule', { name: module.moduleName })}
              onClick={() => setModules(modules.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ul>
      <ClientModuleDialog
        module={editingModule}
        definition={catalogue.find((m) => m.id === editingModule?.moduleId)}
        roles={values.roles}
        onCancel={() => setEditing(null)}
        onApply={(changed) => {
          setModules(modules.map((m, i) => (i === editing ? changed : m)));
          setEditing(null);
        }}
      />
    </div>
  );
}

function RolesTable() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ClientValues>();
  return (
    <FieldArray name="roles">
      {({ push, remove }) => (
        <div className="tb-stack">
          <h2 className="tb-card-title">{t('settings.clients.roles')}</h2>
          {values.roles.map((_, index) => (
            <div className="tb-form-row" key={index}>
              <TextField name={`roles.${index}.name`} label={t('settings.clients.roleName')} />
              <TextField name={`roles.${index}.alias`} label={t('settings.clients.roleAlias')} />
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
            label={t('settings.clients.addRole')}
            onClick={() => push({ name: '', alias: '' })}
          />
        </div>
      )}
    </FieldArray>
  );
}

/** Feature settings without a value are left out (the server checks allowed values). */
function modulePayload(module: ClientModuleRow) {
  const features = Object.fromEntries(
    Object.entries(module.features).map(([alias, settings]) => [
      alias,
      Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== '')),
    ]),
  );
  return { ...module, features };
}

/** /settings/clients/{id}: Active, roles, modules, and the club's settings panels (spec 1 §2). */
export function ClientPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetClientDetailQuery(id, { skip: isNew });
  const [save] = useSaveClientMutation();
  const stored = isNew ? undefined : query.data;
  const initialValues = useMemo<ClientValues>(
    () => ({
      name: stored?.name ?? '',
      active: stored?.active ?? true,
      roles: stored?.roles ?? [],
      modules: stored?.modules ?? [],
    }),
    [stored],
  );
  const schema = useMemo(
    () => yup.object({ name: yup.string().label(t('settings.clients.name')).trim().required() }),
    [t],
  );
  return (
    <>
      <EditorPage<ClientValues>
        id={id}
        basePath="/settings/clients"
        title={isNew ? t('settings.clients.create') : (stored?.name ?? '')}
        label={t('settings.clients.editorTitle')}
        load={query}
        loaded={Boolean(stored)}
        initialValues={initialValues}
        schema={schema}
        save={(values) =>
          save({
            id: isNew ? undefined : id,
            ...values,
            modules: values.modules.map(modulePayload),
          }).unwrap()
        }
        createdMessage={t('settings.saved')}
        savedMessage={t('settings.saved')}
      >
        {() => (
          <Tabs
            tabs={[
              {
                key: 10,
                label: t('settings.clients.client'),
                content: (
                  <Card className="tb-card">
                    <TextField name="name" label={t('settings.clients.name')} />
                    <CheckboxField name="active" label={t('settings.clients.active')} />
                    <RolesTable />
                  </Card>
                ),
              },
              {
                key: 20,
                label: t('settings.clients.modules'),
                content: (
                  <Card className="tb-card">
                    <ModulesTab />
                  </Card>
                ),
              },
            ]}
          />
        )}
      </EditorPage>
      {!isNew && stored && <ClubSettingsForm clientId={id} />}
    </>
  );
}
