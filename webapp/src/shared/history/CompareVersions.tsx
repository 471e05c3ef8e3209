import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../ui/Alert';
import { Preloader } from '../ui/Preloader';
import {
  describeChanges,
  versionChanges,
  type ChangeText,
  type HistoryFormats,
} from './formatChange';
import { useDiffHistoryQuery } from './historyApi';
import type { HistoryEntry } from './types';

interface CompareVersionsProps {
  aggregateType: string;
  id: string;
  entries: HistoryEntry[];
  labels: Record<string, string>;
  formats: HistoryFormats;
}

/**
 * Compare two versions (issue 37 §2): pick two events of the history and see what differs between
 * the record after the one and after the other, field by field and line by line, with amounts.
 * It opens on the last two events.
 */
export function CompareVersions({
  aggregateType,
  id,
  entries,
  labels,
  formats,
}: CompareVersionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const fromId = useId();
  const toId = useId();
  const options = useMemo(
    () =>
      entries.map((entry) => ({
        value: entry.sequence,
        label: `#${entry.sequence} ${labels[entry.eventType] ?? entry.eventType}`,
      })),
    [entries, labels],
  );
  const last = entries[entries.length - 1]?.sequence ?? 0;
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const shownFrom = from ?? Math.max(1, last - 1);
  const shownTo = to ?? last;
  const query = useDiffHistoryQuery(
    { aggregateType, id, from: picked?.from ?? 0, to: picked?.to ?? 0 },
    { skip: picked === null },
  );
  const words = useMemo(() => ({ yes: t('common.yes'), no: t('common.no'), empty: '–' }), [t]);
  const rows: ChangeText[] = useMemo(
    () => (query.data ? describeChanges(versionChanges(query.data), formats, words) : []),
    [query.data, formats, words],
  );
  if (entries.length < 2) return null;
  const invalid = shownFrom >= shownTo;

  return (
    <section className="tb-history-compare" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('history.compare.title')}</h3>
      <div className="tb-history-compare-pick">
        <div className="tb-field">
          <label htmlFor={fromId}>{t('history.compare.from')}</label>
          <Dropdown
            inputId={fromId}
            value={shownFrom}
            options={options}
            onChange={(event) => setFrom(Number(event.value))}
          />
        </div>
        <div className="tb-field">
          <label htmlFor={toId}>{t('history.compare.to')}</label>
          <Dropdown
            inputId={toId}
            value={shownTo}
            options={options}
            onChange={(event) => setTo(Number(event.value))}
          />
        </div>
        <Button
          type="button"
          icon="pi pi-arrow-right-arrow-left"
          label={t('history.compare.action')}
          disabled={invalid}
          onClick={() => setPicked({ from: shownFrom, to: shownTo })}
        />
      </div>
      {invalid && <small className="p-error">{t('history.compare.order')}</small>}
      {query.isFetching && <Preloader label={t('common.loading')} />}
      {!query.isFetching && query.isError && (
        <Alert severity="error">
          {apiErrorMessage(query.error) ?? t('history.compare.failed')}
        </Alert>
      )}
      {!query.isFetching && query.data && rows.length === 0 && (
        <Alert severity="info">{t('history.compare.same')}</Alert>
      )}
      {!query.isFetching && query.data && rows.length > 0 && (
        <DataTable
          className="tb-table"
          value={rows}
          size="small"
          pt={{
            table: {
              'aria-label': t('history.compare.caption', {
                from: query.data.from,
                to: query.data.to,
              }),
            },
          }}
        >
          <Column field="field" header={t('history.compare.field')} />
          <Column field="old" header={t('history.compare.before', { sequence: query.data.from })} />
          <Column field="new" header={t('history.compare.after', { sequence: query.data.to })} />
        </DataTable>
      )}
    </section>
  );
}
