import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { NameKind } from '../../api/generated/history';
import { DATE_TIME_PATTERN } from '../format';
import { Alert } from '../ui/Alert';
import { DateTime, useTimeZone } from '../ui/DateTime';
import { Preloader } from '../ui/Preloader';
import { useToast } from '../ui/Toast';
import { CompareVersions } from './CompareVersions';
import { describeChanges, type ChangeText, type HistoryFormats } from './formatChange';
import {
  useExportHistoryMutation,
  useGetHistoryAtQuery,
  useGetHistoryNamesQuery,
  useGetHistoryQuery,
  useLazyVerifyHistoryQuery,
} from './historyApi';
import type { HistoryEntry } from './types';

export interface HistoryTabProps {
  /** The aggregate type of the history API: 'order', 'contract', 'subscription', 'invoice' … */
  aggregateType: string;
  id: string;
  /** The Danish label of each event type ('Created' → 'Ordre oprettet'). */
  labels: Record<string, string>;
  /** Money, percent and field names of the aggregate's changes. */
  formats?: HistoryFormats;
  /** The heading of the as-of dialog, e.g. 'Ordren efter hændelse #3'. */
  asOfHeading: (sequence: number) => string;
  /**
   * The aggregate as it was after an event (the API's state, read-only); `names` are the records
   * it mentions by id, as text.
   */
  renderAsOf: (state: unknown, names: Record<string, string>) => ReactNode;
}

const NO_FORMATS: HistoryFormats = {};

/** An event with its changes as the table shows them. */
type ShownEntry = HistoryEntry & { shown: ChangeText[] };

/** Kinds of record named by their number ('Ordre 1042'); the others by their own name. */
const NUMBERED: readonly NameKind[] = ['order', 'contract', 'invoice', 'subscription', 'ticket'];

/** The records the history mentions, id → text ('Hansen ApS', 'Ordre 1042'). */
function useRecordNames(aggregateType: string, id: string): Record<string, string> {
  const { t } = useTranslation();
  const query = useGetHistoryNamesQuery({ aggregateType, id });
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(query.data ?? {}).map(([recordId, { kind, name }]) => [
          recordId,
          NUMBERED.includes(kind) ? t(`history.names.${kind}`, { name }) : name,
        ]),
      ),
    [query.data, t],
  );
}

function AsOfDialog({
  aggregateType,
  id,
  sequence,
  heading,
  render,
  onHide,
}: {
  aggregateType: string;
  id: string;
  sequence: number | null;
  heading: string;
  render: (state: unknown) => ReactNode;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const query = useGetHistoryAtQuery(
    { aggregateType, id, sequence: sequence ?? 0 },
    { skip: sequence === null },
  );
  return (
    <Dialog
      header={heading}
      visible={sequence !== null}
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      dismissableMask
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '90vw' }}
    >
      {query.isFetching ? (
        <Preloader label={t('common.loading')} />
      ) : query.isError ? (
        <Alert severity="error">{apiErrorMessage(query.error) ?? t('history.asOfFailed')}</Alert>
      ) : query.data !== undefined ? (
        render(query.data)
      ) : null}
    </Dialog>
  );
}

/**
 * 'Verificér' (issue 37): the server recomputes the aggregate's hash chain; the answer says it is
 * whole, or names the first event that was changed, is missing or has no hash. The button goes
 * with the tab's actions, the answer under them.
 */
function useChainCheck(aggregateType: string, id: string, labels: Record<string, string>) {
  const { t } = useTranslation();
  const [verify, verdict] = useLazyVerifyHistoryQuery();
  const result = verdict.currentData;
  const button = (
    <Button
      type="button"
      outlined
      icon="pi pi-verified"
      label={t('history.verify.action')}
      loading={verdict.isFetching}
      onClick={() => void verify({ aggregateType, id }, false)}
    />
  );
  let answer: ReactNode = null;
  if (verdict.isFetching) {
    answer = null;
  } else if (verdict.isError) {
    answer = (
      <Alert severity="error">{apiErrorMessage(verdict.error) ?? t('history.verify.failed')}</Alert>
    );
  } else if (result) {
    answer = (
      <Alert severity={result.valid ? 'success' : 'error'}>
        {result.brokenAt
          ? t('history.verify.broken', {
              sequence: result.brokenAt.sequence,
              event: labels[result.brokenAt.eventType] ?? result.brokenAt.eventType,
              problem: t(`history.verify.problem.${result.brokenAt.problem}`),
            })
          : t('history.verify.valid', { count: result.events })}
      </Alert>
    );
  }
  return { button, answer };
}

/**
 * The Historik tab of an aggregate (orders, contracts, subscriptions, invoices): every event with
 * its time, who did it (and who acted as them), what it was and what it changed; each event can show
 * the aggregate as it was right after it, and any two can be compared.
 */
export function HistoryTab({
  aggregateType,
  id,
  labels,
  formats: ownFormats = NO_FORMATS,
  asOfHeading,
  renderAsOf,
}: HistoryTabProps) {
  const { t } = useTranslation();
  const query = useGetHistoryQuery({ aggregateType, id });
  const names = useRecordNames(aggregateType, id);
  const timeZone = useTimeZone();
  const formats = useMemo(
    () => ({ ...ownFormats, names, timeZone }),
    [ownFormats, names, timeZone],
  );
  const [exportHistory, exporting] = useExportHistoryMutation();
  const toast = useToast();
  const [sequence, setSequence] = useState<number | null>(null);
  const chainCheck = useChainCheck(aggregateType, id, labels);
  const words = useMemo(() => ({ yes: t('common.yes'), no: t('common.no'), empty: '–' }), [t]);
  const entries = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => a.sequence - b.sequence),
    [query.data],
  );
  // The rows carry their changes as text: names and labels that arrive after the history make
  // new rows, which the table draws again (it keeps a row's cells while its data is the same).
  const rows: ShownEntry[] = useMemo(
    () =>
      entries.map((entry) => ({ ...entry, shown: describeChanges(entry.changes, formats, words) })),
    [entries, formats, words],
  );

  return (
    <section className="tb-history" aria-label={t('history.title')}>
      <div className="tb-history-actions">
        {(['xlsx', 'json'] as const).map((format) => (
          <Button
            key={format}
            type="button"
            outlined
            icon={format === 'xlsx' ? 'pi pi-file-excel' : 'pi pi-shield'}
            label={format === 'xlsx' ? t('history.export') : t('history.exportSigned')}
            loading={exporting.isLoading && exporting.originalArgs?.format === format}
            onClick={async () => {
              try {
                await exportHistory({
                  aggregateType,
                  id,
                  format,
                  fileName: `Historik-${aggregateType}-${id}.${format}`,
                }).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('history.exportFailed'));
              }
            }}
          />
        ))}
        {chainCheck.button}
      </div>
      {chainCheck.answer}
      {query.isError && (
        <Alert severity="error">{apiErrorMessage(query.error) ?? t('history.failed')}</Alert>
      )}
      <DataTable
        value={rows}
        dataKey="sequence"
        loading={query.isFetching}
        emptyMessage={t('history.empty')}
        pt={{ table: { 'aria-label': t('history.title') } }}
      >
        <Column
          header={t('history.columns.sequence')}
          body={(entry: HistoryEntry) => `#${entry.sequence}`}
        />
        <Column
          header={t('history.columns.time')}
          body={(entry: HistoryEntry) => (
            <DateTime value={entry.recordedAt} pattern={DATE_TIME_PATTERN} />
          )}
        />
        <Column
          header={t('history.columns.user')}
          body={(entry: HistoryEntry) => {
            const name = entry.userName ?? t('history.system');
            return entry.impersonatorName
              ? t('history.via', { name, impersonator: entry.impersonatorName })
              : name;
          }}
        />
        <Column
          header={t('history.columns.event')}
          body={(entry: HistoryEntry) => (
            <>
              <span>{labels[entry.eventType] ?? entry.eventType}</span>
              {entry.reason && (
                <small className="tb-history-reason">
                  {t('history.reason', { reason: entry.reason })}
                </small>
              )}
            </>
          )}
        />
        <Column
          header={t('history.columns.changes')}
          body={(entry: ShownEntry) => {
            const changes = entry.shown;
            if (changes.length === 0) return t('history.noChanges');
            return (
              <ul className="tb-history-changes">
                {changes.map((change, index) => (
                  <li key={`${change.field}-${index}`}>
                    <span className="tb-history-field">{change.field}:</span> {change.old} →{' '}
                    {change.new}
                  </li>
                ))}
              </ul>
            );
          }}
        />
        <Column
          header={t('history.columns.actions')}
          body={(entry: HistoryEntry) => (
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-eye"
              label={t('history.showAsOf')}
              onClick={() => setSequence(entry.sequence)}
            />
          )}
        />
      </DataTable>
      <CompareVersions
        aggregateType={aggregateType}
        id={id}
        entries={entries}
        labels={labels}
        formats={formats}
      />
      <AsOfDialog
        aggregateType={aggregateType}
        id={id}
        sequence={sequence}
        heading={sequence === null ? '' : asOfHeading(sequence)}
        render={(state) => renderAsOf(state, names)}
        onHide={() => setSequence(null)}
      />
    </section>
  );
}
