import { Toast as PrimeToast } from 'primereact/toast';
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Toasts sit bottom-right and close after 6000 ms (spec 1 §9). */
export const TOAST_LIFE_MS = 6000;

type Severity = 'success' | 'info' | 'warn' | 'error';

/** A toast says `detail` under `summary` ('Udført', 'Fejl' … by its severity when not given). */
export interface Toaster {
  show(severity: Severity, detail: string, summary?: string): void;
  success(detail: string, summary?: string): void;
  error(detail: string, summary?: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<PrimeToast>(null);
  const show = useCallback(
    (severity: Severity, detail: string, summary?: string) => {
      ref.current?.show({
        severity,
        summary: summary ?? t(`common.toast.${severity}`),
        detail,
        life: TOAST_LIFE_MS,
      });
    },
    [t],
  );
  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (detail, summary) => show('success', detail, summary),
      error: (detail, summary) => show('error', detail, summary),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={toaster}>
      <PrimeToast ref={ref} position="bottom-right" />
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside <ToastProvider>');
  return toaster;
}
