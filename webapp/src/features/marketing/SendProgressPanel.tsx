import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendProgress } from '../../api/generated/newsletters';
import { Alert } from '../../shared/ui/Alert';
import { useGetSendProgressQuery } from './newslettersApi';

/** While a send runs its progress is read every second. */
export const PROGRESS_POLL_MS = 1000;

/** A send runs while batches wait or are being sent. */
function isRunning(progress: SendProgress | null | undefined): boolean {
  return Boolean(progress && progress.pendingBatches > 0);
}

/**
 * What the panel has seen of the latest send: not read yet, no send, running, or a finished
 * send with its figures. A change to finished figures means the recipients changed.
 */
function stateOf(progress: SendProgress | null | undefined): string | undefined {
  if (progress === undefined) return undefined;
  if (progress === null) return 'none';
  if (isRunning(progress)) return 'running';
  return `${progress.sendId}:${progress.done}:${progress.failedBatches}`;
}

function percentOf(progress: SendProgress): number {
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.round((progress.done * 100) / progress.total));
}

interface SendProgressPanelProps {
  newsletterId: string;
  /** A send finished (or finished figures arrived): the recipients should be read again. */
  onFinished: () => void;
}

/**
 * The latest send of the newsletter: a bar of how many of its recipients were handled ('Sendt X
 * af Y'), read every second while it runs; when it ends, its final figures, and what went wrong
 * when batches gave up or the server reported an error.
 */
export function SendProgressPanel({ newsletterId, onFinished }: SendProgressPanelProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const { data: progress } = useGetSendProgressQuery(newsletterId, {
    refetchOnMountOrArgChange: true,
  });
  const running = isRunning(progress);
  // A second subscription polls while the send runs; the first one keeps the answer when it stops.
  useGetSendProgressQuery(newsletterId, { pollingInterval: running ? PROGRESS_POLL_MS : 0 });

  const state = stateOf(progress);
  const seen = useRef<string | undefined>(undefined);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    const done = state !== undefined && state !== 'none' && state !== 'running';
    if (before !== undefined && done && before !== state) finished.current();
  }, [state]);

  if (!progress) return null;
  const percent = percentOf(progress);
  const failed = progress.failedBatches > 0;
  return (
    <div className="tb-send-progress" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="tb-field-label">
        {t('marketing.recipients.progress.label')}
      </span>
      <ProgressBar
        value={percent}
        displayValueTemplate={(value) => `${value ?? 0} %`}
        aria-label={t('marketing.recipients.progress.sentOf', {
          done: progress.done,
          total: progress.total,
        })}
      />
      <p aria-live="polite">
        {t('marketing.recipients.progress.sentOf', { done: progress.done, total: progress.total })}
        {' · '}
        {running
          ? t('marketing.recipients.progress.sending')
          : t(`marketing.recipients.progress.${failed ? 'stopped' : 'finished'}`, {
              sent: progress.sent,
              skipped: progress.skipped,
            })}
      </p>
      {running && progress.error && (
        <Alert severity="warn">
          {t('marketing.recipients.progress.retrying', { error: progress.error })}
        </Alert>
      )}
      {!running && (failed || progress.error) && (
        <Alert severity="error">
          {[
            failed
              ? t('marketing.recipients.progress.failed', { count: progress.failedBatches })
              : '',
            progress.error
              ? t('marketing.recipients.progress.error', { error: progress.error })
              : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      )}
    </div>
  );
}
