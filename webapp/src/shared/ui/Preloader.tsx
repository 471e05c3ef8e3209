/** Shown while the app loads its start-up state (spec 1 §1), and while a page or its data loads. */
export function Preloader({ label }: { label: string }) {
  return (
    <div className="tb-preloader" role="status" aria-live="polite">
      <Spinner label={label} />
      <span className="tb-visually-hidden">{label}</span>
    </div>
  );
}

/**
 * PrimeReact's progress spinner as markup (its classes; the motion is in primeShell.css): the
 * first thing a phone shows, before any of PrimeReact has loaded (issue 36).
 */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="p-progress-spinner" role="progressbar" aria-busy="true" aria-label={label}>
      <svg className="p-progress-spinner-svg" viewBox="25 25 50 50">
        <circle
          className="p-progress-spinner-circle"
          cx="50"
          cy="50"
          r="20"
          fill="none"
          strokeWidth="4"
          strokeMiterlimit="10"
        />
      </svg>
    </div>
  );
}
