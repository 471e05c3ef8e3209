import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DateTime } from '../../shared/ui/DateTime';
import { ListPage } from '../../shared/ui/ListPage';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { useGetAllClientsQuery, useGetJobQuery, useJobActionMutation } from './settingsApi';
import { jobStatus, type JobListRow, type JobStatus } from './types';

const SEVERITY: Record<JobStatus, 'success' | 'danger' | 'warning'> = {
  Succeeded: 'success',
  Error: 'danger',
  Pending: 'warning',
};

function StatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation();
  return <Tag severity={SEVERITY[status]} value={t(`settings.jobs.status.${status}`)} />;
}

function JobDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useGetJobQuery(id, { pollingInterval: 2000 });
  const job = data?.job;
  const rows: [string, unknown][] = job
    ? [
        [t('settings.jobs.method'), job.method],
        [t('settings.jobs.methodType'), job.methodType],
        [t('settings.jobs.arguments'), JSON.stringify(job.arguments)],
        [t('settings.jobs.collection'), job.collection],
        [t('settings.jobs.relationId'), job.relationId],
        [t('settings.jobs.message'), job.message],
        [t('settings.jobs.error'), job.error],
      ]
    : [];
  return (
    <Dialog
      visible
      header={job?.description ?? t('settings.jobs.details')}
      onHide={onClose}
      style={{ width: 'min(48rem, 95vw)' }}
    >
      <dl className="tb-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null || value === undefined || value === '' ? '–' : String(value)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('settings.jobs.history')}</h3>
      <ol className="tb-job-history" aria-label={t('settings.jobs.history')}>
        {(data?.history ?? []).map((entry, index) => (
          <li key={index}>
            <strong>{entry.stateName}</strong> · {entry.reason ?? 'N/A'} ·{' '}
            <DateTime value={entry.createdAt} pattern={DATE_TIME_PATTERN} />{' '}
            <code>{JSON.stringify(entry.data)}</code>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** /settings/jobs 'Jobs': the runner's jobs, 25 a page by scheduled date (spec 1 §2). */
export function JobsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [description, setDescription] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [status, setStatus] = useState<JobStatus | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { data: clients } = useGetAllClientsQuery();
  const [act] = useJobActionMutation();
  const run = async (id: string, action: 'execute' | 'cancel' | 'delete', done: string) => {
    try {
      await act({ id, action }).unwrap();
      toast.success(done);
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    }
  };
  return (
    <>
      <ListPage<JobListRow>
        title={t('settings.jobs.title')}
        endpoint="/api/jobs"
        tag="Job"
        pageSize={25}
        defaultSort={{ field: 'ScheduledDate', dir: 'desc' }}
        search={false}
        filters={
          <>
            <SearchInput label={t('settings.jobs.description')} onSearch={setDescription} />
            <label className="tb-field">
              <span>{t('settings.jobs.from')}</span>
              <InputText type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="tb-field">
              <span>{t('settings.jobs.to')}</span>
              <InputText type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
            <Dropdown
              value={clientId}
              options={(clients?.Result ?? []).map((c) => ({ label: c.Name, value: c.Id }))}
              onChange={(e) => setClientId((e.value as string | null) ?? null)}
              placeholder={t('settings.jobs.client')}
              ariaLabel={t('settings.jobs.client')}
              showClear
            />
            <Dropdown
              value={status}
              options={(['Succeeded', 'Error', 'Pending'] as JobStatus[]).map((s) => ({
                label: t(`settings.jobs.status.${s}`),
                value: s,
              }))}
              onChange={(e) => setStatus((e.value as JobStatus | null) ?? null)}
              placeholder={t('settings.jobs.statusFilter')}
              ariaLabel={t('settings.jobs.statusFilter')}
              showClear
            />
          </>
        }
        filter={{ description, from, to, clientId: clientId ?? '', status: status ?? '' }}
        editLabel={false}
        // A job's delete goes through the runner's actions (with run and cancel), not a DELETE.
        rowActions={(row) => (
          <>
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-eye"
              aria-label={t('settings.jobs.showDetails', { name: row.Description })}
              onClick={() => setShown(row.Id)}
            />
            <ConfirmButton
              text
              size="small"
              icon="pi pi-play"
              aria-label={t(
                jobStatus(row) === 'Succeeded' ? 'settings.jobs.rerun' : 'settings.jobs.run',
                { name: row.Description },
              )}
              message={t('settings.jobs.confirmRun')}
              onConfirm={() => run(row.Id, 'execute', t('settings.jobs.started'))}
            />
            {row.Pending && (
              <ConfirmButton
                text
                size="small"
                icon="pi pi-ban"
                aria-label={t('settings.jobs.cancel', { name: row.Description })}
                message={t('settings.jobs.confirmCancel')}
                onConfirm={() => run(row.Id, 'cancel', t('settings.jobs.cancelled'))}
              />
            )}
            <ConfirmButton
              text
              size="small"
              severity="danger"
              icon="pi pi-trash"
              aria-label={t('settings.jobs.delete', { name: row.Description })}
              message={t('settings.jobs.confirmDelete')}
              onConfirm={() => run(row.Id, 'delete', t('settings.jobs.deleted'))}
            />
          </>
        )}
        columns={[
          { field: 'Description', header: t('settings.jobs.description'), sortable: true },
          {
            field: 'ScheduledDate',
            header: t('settings.jobs.scheduled'),
            sortable: true,
            body: (row) => <DateTime value={row.ScheduledDate} pattern={DATE_TIME_PATTERN} />,
          },
          {
            field: 'ClientId',
            header: t('settings.jobs.client'),
            body: (row) => row.ClientName ?? t('settings.jobs.unknownClient'),
          },
          {
            id: 'Status',
            header: t('settings.jobs.statusFilter'),
            body: (row) => <StatusBadge status={jobStatus(row)} />,
          },
        ]}
      />
      {shown && <JobDetails id={shown} onClose={() => setShown(null)} />}
    </>
  );
}
