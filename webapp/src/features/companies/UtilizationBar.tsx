import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';

/** The utilization in percent; the bar stops at 100 while the text tells the real number. */
export function UtilizationBar({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.round(value ?? 0));
  return (
    <div className="tb-utilization">
      <ProgressBar
        value={Math.min(100, percent)}
        showValue={false}
        aria-label={t('companies.utilization.label', { percent })}
      />
      <span>{t('companies.utilization.percent', { percent })}</span>
    </div>
  );
}
