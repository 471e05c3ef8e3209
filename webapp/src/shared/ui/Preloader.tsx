import { ProgressSpinner } from 'primereact/progressspinner';

/** Shown while the app loads its start-up state (spec 1 §1). */
export function Preloader({ label }: { label: string }) {
  return (
    <div className="tb-preloader" role="status" aria-live="polite">
      <ProgressSpinner aria-label={label} strokeWidth="4" />
      <span className="tb-visually-hidden">{label}</span>
    </div>
  );
}
