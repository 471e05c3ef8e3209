import type { Toast as PrimeToast, ToastMessage } from 'primereact/toast';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { withPrime } from './withPrime';

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

/**
 * PrimeReact's toast (and its settings) load with the first toast: most visits of the public site
 * show none, and a phone then loads none of it (issue 36).
 */
const LazyToast = lazy(() =>
  withPrime(() => import('primereact/toast')).then((module) => ({ default: module.Toast })),
);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useRef<PrimeToast | null>(null);
  // What was shown before the toast's code arrived, shown as it mounts.
  const waiting = useRef<ToastMessage[]>([]);
  const [wanted, setWanted] = useState(false);
  const mounted = useCallback((instance: PrimeToast | null) => {
    toast.current = instance;
    if (instance && waiting.current.length > 0) {
      instance.show(waiting.current);
      waiting.current = [];
    }
  }, []);
  const show = useCallback(
    (severity: Severity, detail: string, summary?: string) => {
      const message: ToastMessage = {
        severity,
        summary: summary ?? t(`common.toast.${severity}`),
        detail,
        life: TOAST_LIFE_MS,
      };
      if (toast.current) {
        toast.current.show(message);
      } else {
        waiting.current.push(message);
        setWanted(true);
      }
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
      {wanted && (
        <Suspense fallback={null}>
          <LazyToast ref={mounted} position="bottom-right" />
        </Suspense>
      )}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside <ToastProvider>');
  return toaster;
}
