import { useCallback, useEffect, useState } from 'react';
import { findPrinters, QzNotRunning } from './qz';

export type QzStatus =
  /** Looking for QZ Tray and its printers. */
  | 'connecting'
  /** Connected: `printers` lists what it can print to. */
  | 'ready'
  /** QZ Tray does not run on this computer (or cannot be reached). */
  | 'notRunning'
  /** Connected, but the printers could not be listed (e.g. the server would not sign). */
  | 'failed';

export interface QzPrinters {
  status: QzStatus;
  printers: string[];
  defaultPrinter: string | null;
  /** Why listing failed ('failed'). */
  message: string | null;
  /** Looks again (QZ Tray was started meanwhile). */
  retry: () => void;
}

interface Found {
  status: QzStatus;
  printers: string[];
  defaultPrinter: string | null;
  message: string | null;
}

const CONNECTING: Found = {
  status: 'connecting',
  printers: [],
  defaultPrinter: null,
  message: null,
};

/** QZ Tray's printers on this computer, looked for as the component mounts and on `retry`. */
export function useQzPrinters(): QzPrinters {
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<Found>(CONNECTING);
  useEffect(() => {
    let current = true;
    findPrinters().then(
      ({ printers, defaultPrinter }) => {
        if (current) setFound({ status: 'ready', printers, defaultPrinter, message: null });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof QzNotRunning) setFound({ ...CONNECTING, status: 'notRunning' });
        else {
          const message = error instanceof Error ? error.message : String(error);
          setFound({ ...CONNECTING, status: 'failed', message });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setFound(CONNECTING);
    setAttempt((before) => before + 1);
  }, []);
  return { ...found, retry };
}
