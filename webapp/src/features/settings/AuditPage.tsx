import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFieldError } from '../../api/baseApi';
import type { ChainBreak, ChainCheck } from '../../api/generated/history';
import { DATE_TIME_PATTERN, formatDate, formatNumber } from '../../shared/format';
import { eventLabelKey, recordPath } from '../../shared/history/recordPaths';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import {
  useGetExportKeyQuery,
  useGetLatestChainCheckQuery,
  useStartChainCheckMutation,
  useVerifyExportMutation,
} from './settingsApi';

/** While a check runs, how far it has come is read every second. */
export const CHAIN_CHECK_POLL_MS = 1000;

const isUnderWay = (check: ChainCheck | null | undefined) =>
  check?.status === 'queued' || check?.status === 'running';

const count = (value: number) => formatNumber(value, 0);

function percentOf(check: ChainCheck): number {
  if (check.recordsTotal <= 0) return check.status === 'done' ? 100 : 0;
  return Math.min(100, Math.round((check.recordsChecked * 100) / check.recordsTotal));
}

/** The record a finding names: its kind and a link to its page (its history) where it has one. */
function RecordCell({ finding, check }: { finding: ChainBreak; check: ChainCheck }) {
  const { t } = useTranslation();
  const kind = t(`settings.audit.chains.record.${finding.recordType}`, {
    defaultValue: finding.recordType,
  });
  const path = recordPath(finding.recordType, finding.recordId);
  // Named by its number or name ('Ordre 1042'); a record the club no longer lists, by its id.
  const label = `${kind} ${check.names[finding.recordId]?.name ?? finding.recordId}`;
  return path ? <Link to={path}>{label}</Link> : <span>{label}</span>;
}

/** The outcome of a check that has ended. */
function Outcome({ check }: { check: ChainCheck }) {
  const { t } = useTranslation();
  if (check.status === 'failed') {
    return (
      <Alert severity="error">
        {t('settings.audit.chains.failed', { error: check.error ?? '' })}
      </Alert>
    );
  }
  const checkedAt = t('settings.audit.chains.checkedAt', {
    date: formatDate(check.finishedAt ?? check.createdAt, DATE_TIME_PATTERN),
  });
  const findings = [
    check.brokenRecords === 0
      ? t('settings.audit.chains.valid', {
          count: check.recordsChecked,
          records: count(check.recordsChecked),
          events: count(check.eventsChecked),
        })
      : t('settings.audit.chains.broken', {
          count: check.brokenRecords,
          records: count(check.brokenRecords),
        }),
    check.brokenRecords > check.broken.length
      ? t('settings.audit.chains.brokenListed', { count: check.broken.length })
      : '',
    checkedAt,
  ];
  const summary = findings.filter(Boolean).join(' ');
  if (check.brokenRecords === 0) return <Alert severity="success">{summary}</Alert>;
  return (
    <>
      <Alert severity="error">{summary}</Alert>
      <DataTable
        className="tb-table"
        value={check.broken}
        dataKey="recordId"
        size="small"
        aria-label={t('settings.audit.chains.broken', { count: check.brokenRecords })}
      >
        <Column
          header={t('settings.audit.chains.columns.record')}
          body={(finding: ChainBreak) => <RecordCell finding={finding} check={check} />}
        />
        <Column
          header={t('settings.audit.chains.columns.event')}
          body={(finding: ChainBreak) => {
            const label = eventLabelKey(finding.recordType, finding.eventType);
            return t('settings.audit.chains.event', {
              sequence: finding.sequence,
              event: label ? t(label, { defaultValue: finding.eventType }) : finding.eventType,
            });
          }}
        />
        <Column
          header={t('settings.audit.chains.columns.problem')}
          body={(finding: ChainBreak) => t(`history.verify.problem.${finding.problem}`)}
        />
      </DataTable>
    </>
  );
}

/**
 * 'Kontrollér en eksport' (issue 37 §4): a signed export (the period's from the invoices, a
 * record's from its history) read from the user's disk and checked by the server: unchanged and
 * made by this installation, or not. The public key is shown for checking files elsewhere.
 */
function ExportCheck() {
  const { t } = useTranslation();
  const inputId = useId();
  const [verify, verdict] = useVerifyExportMutation();
  const key = useGetExportKeyQuery();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    verdict.reset();
    await verify(await file.text()).catch(() => undefined);
  };
  let answer: ReactNode = null;
  if (verdict.isError) {
    answer = (
      <Alert severity="error">
        {apiFieldError(verdict.error, 'file') ?? t('settings.audit.exports.failed')}
      </Alert>
    );
  } else if (verdict.data) {
    answer = verdict.data.valid ? (
      <Alert severity="success">
        {t('settings.audit.exports.valid', {
          kind: t(`settings.audit.exports.kinds.${verdict.data.kind ?? 'unknown'}`, {
            defaultValue: verdict.data.kind ?? '',
          }),
        })}
      </Alert>
    ) : (
      <Alert severity="error">{t('settings.audit.exports.invalid')}</Alert>
    );
  }
  return (
    <Card className="tb-card" title={t('settings.audit.exports.title')}>
      <p>{t('settings.audit.exports.intro')}</p>
      <div className="tb-field">
        <label htmlFor={inputId}>{t('settings.audit.exports.file')}</label>
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      {verdict.isLoading && <Preloader label={t('common.loading')} />}
      <div aria-live="polite">{answer}</div>
      {key.data && (
        <p className="tb-export-key">
          {t('settings.audit.exports.key', {
            algorithm: key.data.algorithm,
            keyId: key.data.keyId,
          })}{' '}
          <code>{key.data.publicKey}</code>
        </p>
      )}
    </Card>
  );
}

/**
 * Revision (issue 37 §1): a club admin checks every hash chain of the club at once. The check runs
 * on the server as a job; the page shows how far it has come, and then that every chain is whole
 * or which records broke, each at its first changed event, with a link to the record.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const { data: check, isLoading } = useGetLatestChainCheckQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const underWay = isUnderWay(check);
  // A second subscription polls while the check runs; the first keeps the answer when it ends.
  useGetLatestChainCheckQuery(undefined, {
    pollingInterval: underWay ? CHAIN_CHECK_POLL_MS : 0,
  });
  const [start, starting] = useStartChainCheckMutation();

  const onStart = async () => {
    try {
      await start().unwrap();
    } catch {
      toast.error(t('settings.audit.chains.startFailed'));
    }
  };

  return (
    <section className="tb-page" aria-labelledby={titleId}>
      <div className="tb-page-header">
        <h1 id={titleId}>{t('settings.audit.title')}</h1>
      </div>
      <Card className="tb-card" title={t('settings.audit.chains.title')}>
        <p>{t('settings.audit.chains.intro')}</p>
        <Button
          type="button"
          icon="pi pi-verified"
          label={t('settings.audit.chains.start')}
          loading={starting.isLoading}
          disabled={underWay}
          onClick={() => void onStart()}
        />
        <div className="tb-chain-check" aria-live="polite">
          {isLoading && <Preloader label={t('common.loading')} />}
          {check === null && <p>{t('settings.audit.chains.none')}</p>}
          {check && underWay && (
            <>
              <ProgressBar
                value={percentOf(check)}
                displayValueTemplate={(value) => `${value ?? 0} %`}
                aria-label={t('settings.audit.chains.progress', {
                  done: count(check.recordsChecked),
                  total: count(check.recordsTotal),
                })}
              />
              <p>
                {t('settings.audit.chains.progress', {
                  done: count(check.recordsChecked),
                  total: count(check.recordsTotal),
                })}
                {' · '}
                {t(`settings.audit.chains.${check.status === 'queued' ? 'queued' : 'running'}`)}
              </p>
            </>
          )}
          {check && !underWay && <Outcome check={check} />}
        </div>
      </Card>
      <ExportCheck />
    </section>
  );
}
