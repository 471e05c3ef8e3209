import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { CheckboxField, SelectField, TextField } from '../../shared/ui/FormFields';
import { Tabs } from '../../shared/ui/Tabs';
import {
  useGetAllClientsQuery,
  useGetClientDetailQuery,
  useGetSystemUserQuery,
  useSaveSystemUserMutation,
} from './settingsApi';
import type { UserMembership } from './types';
import {
  UserFields,
  userFormValues,
  userPayload,
  userSchema,
  type UserFormValues,
} from './UserFields';

interface SystemUserValues extends UserFormValues {
  superAdmin: boolean;
  clients: UserMembership[];
}

/** 'Tilføj til klub': a new membership starts accepted, as system user, without a role. */
function AddToClub() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SystemUserValues>();
  const { data } = useGetAllClientsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const { data: club } = useGetClientDetailQuery(chosen ?? '', { skip: !chosen });
  const options = (data?.Result ?? [])
    .filter((c) => !values.clients.some((m) => m.clientId === c.Id))
    .map((c) => ({ label: c.Name, value: c.Id }));
  return (
    <div className="tb-form-row">
      <Dropdown
        value={chosen}
        options={options}
        onChange={(e) => setChosen(e.value as string)}
        placeholder={t('settings.adminUsers.chooseClub')}
        ariaLabel={t('settings.adminUsers.chooseClub')}
        emptyMessage={t('common.noOptions')}
        filter
      />
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('settings.adminUsers.addToClub')}
        disabled={!chosen || !club}
        onClick={() => {
          if (!chosen || !club) return;
          void setFieldValue('clients', [
            ...values.clients,
            {
              clientId: chosen,
              clientName: club.name,
              role: null,
              accepted: true,
              systemUser: true,
              roles: club.roles,
            },
          ]);
          setChosen(null);
        }}
      />
    </div>
  );
}

/** /settings/admin-users/{id}: 'Stamdata' and one tab per club membership (spec 1 §2). */
export function AdminUserPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetSystemUserQuery(id, { skip: isNew });
  const [save] = useSaveSystemUserMutation();
  const stored = isNew ? undefined : query.data;
  const initialValues = useMemo<SystemUserValues>(
    () => ({
      ...userFormValues(stored),
      superAdmin: stored?.superAdmin ?? false,
      clients: stored?.clients ?? [],
    }),
    [stored],
  );
  const schema = useMemo(() => userSchema(t, isNew), [t, isNew]);
  return (
    <EditorPage<SystemUserValues>
      id={id}
      basePath="/settings/admin-users"
      title={
        isNew
          ? t('settings.adminUsers.create')
          : `${stored?.firstname ?? ''} ${stored?.lastname ?? ''}`
      }
      label={t('settings.adminUsers.editorTitle')}
      load={query}
      loaded={Boolean(stored)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          data: {
            ...userPayload(values, stored?.picture ?? null),
            id: isNew ? undefined : id,
            superAdmin: values.superAdmin,
            clients: values.clients.map(({ clientId, role, accepted, systemUser }) => ({
              clientId,
              role,
              accepted,
              systemUser,
            })),
          },
          file: values.file,
        }).unwrap()
      }
      createdMessage={t('settings.users.created')}
      savedMessage={t('settings.users.saved')}
      afterSave={(helpers) => void helpers.setFieldValue('file', null, false)}
    >
      {(form) => (
        <FieldArray name="clients">
          {({ remove }) => (
            <Tabs
              tabs={[
                {
                  key: 10,
                  label: t('settings.adminUsers.basics'),
                  content: (
                    <Card className="tb-card">
                      <TextField
                        name="email"
                        type="email"
                        label={t('settings.user.email')}
                        disabled={!isNew}
                      />
                      <UserFields />
                      <CheckboxField
                        name="superAdmin"
                        label={t('settings.adminUsers.superAdmin')}
                      />
                      <AddToClub />
                    </Card>
                  ),
                },
                ...form.values.clients.map((membership, index) => ({
                  key: 20 + index,
                  label: membership.clientName,
                  content: (
                    <Card className="tb-card">
                      <SelectField<string | null>
                        name={`clients.${index}.role`}
                        label={t('settings.user.role')}
                        options={membership.roles.map((r) => ({ label: r.name, value: r.alias }))}
                        showClear
                      />
                      <CheckboxField
                        name={`clients.${index}.accepted`}
                        label={t('settings.adminUsers.accepted')}
                      />
                      <CheckboxField
                        name={`clients.${index}.systemUser`}
                        label={t('settings.adminUsers.systemUser')}
                      />
                      <Button
                        type="button"
                        severity="danger"
                        text
                        icon="pi pi-times"
                        label={t('settings.adminUsers.removeFromClub')}
                        onClick={() => remove(index)}
                      />
                    </Card>
                  ),
                })),
              ]}
            />
          )}
        </FieldArray>
      )}
    </EditorPage>
  );
}
