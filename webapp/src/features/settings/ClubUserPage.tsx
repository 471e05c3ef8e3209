import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { SelectField, TextField } from '../../shared/ui/FormFields';
import {
  useGetClubSettingsQuery,
  useGetClubUserQuery,
  useLazyFindClubUserQuery,
  useSaveClubUserMutation,
} from './settingsApi';
import type { EmailCheck } from './types';
import {
  UserFields,
  userFormValues,
  userPayload,
  userSchema,
  type UserFormValues,
} from './UserFields';

interface ClubUserValues extends UserFormValues {
  role: string | null;
}

/** The e-mail of a new user with its check: the other fields unlock when the check allows. */
function EmailLookup({
  check,
  onCheck,
}: {
  check: EmailCheck | null;
  onCheck: (c: EmailCheck | null) => void;
}) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ClubUserValues>();
  const [find, { isFetching }] = useLazyFindClubUserQuery();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="tb-email-check">
      <TextField name="email" type="email" label={t('settings.user.email')} />
      <Button
        type="button"
        icon="pi pi-search"
        label={t('settings.users.check')}
        loading={isFetching}
        disabled={values.email.trim() === ''}
        onClick={async () => {
          setError(null);
          try {
            const found = await find(values.email.trim()).unwrap();
            onCheck(found);
            if (found.user && found.status === 'invite') {
              void setFieldValue('firstname', found.user.firstname);
              void setFieldValue('lastname', found.user.lastname);
            }
          } catch (e) {
            onCheck(null);
            setError(apiErrorMessage(e) ?? t('common.errors.generic'));
          }
        }}
      />
      <div role="status" aria-live="polite">
        {check && <Alert severity={check.allowed ? 'info' : 'warn'}>{check.message}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
      </div>
    </div>
  );
}

/** /settings/users/{id} ('create' for a new one): a club user (spec 1 §2, §4 User creation). */
export function ClubUserPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const { user: me } = useAppSession();
  const query = useGetClubUserQuery(id, { skip: isNew });
  const [save] = useSaveClubUserMutation();
  const [check, setCheck] = useState<EmailCheck | null>(null);
  const stored = isNew ? undefined : query.data;
  const initialValues = useMemo<ClubUserValues>(
    () => ({ ...userFormValues(stored), role: stored?.role ?? null }),
    [stored],
  );
  const schema = useMemo(() => userSchema(t, isNew), [t, isNew]);
  const roles = useGetClubSettingsQuery().data?.roles ?? [];
  const locked = isNew && !check?.allowed;
  const invite = isNew && check?.status === 'invite';
  const canChooseRole = Boolean(me?.admin || me?.role === 'admin');
  return (
    <EditorPage<ClubUserValues>
      id={id}
      basePath="/settings/users"
      title={
        isNew
          ? t('settings.users.createTitle')
          : `${stored?.firstname ?? ''} ${stored?.lastname ?? ''}`
      }
      label={t('settings.users.editorTitle')}
      load={query}
      loaded={Boolean(stored)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          data: {
            ...userPayload(values, stored?.picture ?? null),
            id: isNew ? undefined : id,
            role: values.role,
          },
          file: values.file,
        }).unwrap()
      }
      createdMessage={t('settings.users.created')}
      savedMessage={t('settings.users.saved')}
      afterSave={(helpers) => {
        void helpers.setFieldValue('file', null, false);
        void helpers.setFieldValue('password', '', false);
      }}
    >
      {() => (
        <Card className="tb-card">
          {isNew ? (
            <EmailLookup check={check} onCheck={setCheck} />
          ) : (
            <TextField name="email" label={t('settings.user.email')} disabled />
          )}
          {canChooseRole && (
            <SelectField<string | null>
              name="role"
              label={t('settings.user.role')}
              options={roles.map((role) => ({ label: role.name, value: role.alias }))}
              showClear
              disabled={locked}
            />
          )}
          <UserFields disabled={locked || invite} />
        </Card>
      )}
    </EditorPage>
  );
}
