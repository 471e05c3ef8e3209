import qz from 'qz-tray';
import type { PosPrint } from '../../api/generated/pos';
import { resolveUrl } from '../../api/baseApi';

/**
 * Receipt printing through QZ Tray (docs/INTEGRATIONS.md "Receipt printing: QZ Tray"): QZ Tray runs
 * on the desk's computer and takes print jobs over a websocket on localhost. It trusts the page by
 * the club's certificate (GET /api/qz/cert) and each call's SHA-512 signature, which the server
 * makes (GET /api/qz/sign-message?request=…, staff only).
 */

export const QZ_CERT_URL = '/api/qz/cert';
export const QZ_SIGN_URL = '/api/qz/sign-message';

/** QZ Tray is not running on this computer (or not reachable): printing is not possible. */
export class QzNotRunning extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'QZ Tray is not reachable', { cause });
    this.name = 'QzNotRunning';
  }
}

/**
 * Where QZ Tray is looked for. QZ Tray listens on localhost with wss on 8181, 8282, 8383, 8484 and
 * ws on 8182, 8283, 8384, 8485 (qz-tray's own port lists, tried in that order). An https page may
 * only use wss, on localhost or localhost.qz.io (the names QZ Tray's certificate is for). A page
 * on http (the demo, the browser tests) uses ws, first on localhost and then on 127.0.0.1, without
 * localhost.qz.io, which needs the internet's DNS; the tests' fake QZ Tray answers on ws 8182.
 */
export function qzConnectOptions(protocol: string = window.location.protocol) {
  const secure = protocol === 'https:';
  return {
    host: secure ? ['localhost', 'localhost.qz.io'] : ['localhost', '127.0.0.1'],
    usingSecure: secure,
    retries: 0,
  };
}

/** The server's Danish text of a refused certificate or signature (503 without a QZ key). */
let lastRefusal: string | null = null;

async function fetchText(path: string): Promise<string> {
  const response = await fetch(resolveUrl(path, false), { credentials: 'include' });
  const text = await response.text();
  if (response.ok) return text;
  lastRefusal = refusalText(text) ?? `${response.status}`;
  throw new Error(lastRefusal);
}

/** The message of a refusal: the envelope's `error`/`message`, or the plain text. */
function refusalText(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = parsed.error ?? parsed.message;
    if (typeof text === 'string' && text.trim() !== '') return text;
  } catch {
    // Not JSON: the text itself.
  }
  return body.trim() === '' ? null : body.trim();
}

let configured = false;

/** Tells qz-tray once how to get the certificate and the signatures. */
export function configureQz() {
  if (configured) return;
  configured = true;
  qz.security.setCertificatePromise((resolve, reject) => {
    fetchText(QZ_CERT_URL).then(resolve, reject);
  });
  qz.security.setSignatureAlgorithm('SHA512');
  qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
    fetchText(`${QZ_SIGN_URL}?request=${encodeURIComponent(toSign)}`).then((signature) => {
      lastRefusal = null;
      resolve(signature);
    }, reject);
  });
}

let connecting: Promise<void> | null = null;

/** Connects to QZ Tray unless connected; rejects with `QzNotRunning` when it cannot be reached. */
export async function connectQz(): Promise<void> {
  configureQz();
  if (qz.websocket.isActive()) return;
  // One attempt at a time: qz-tray refuses a second connect while one is under way.
  connecting ??= qz.websocket.connect(qzConnectOptions()).finally(() => {
    connecting = null;
  });
  try {
    await connecting;
  } catch (error) {
    throw new QzNotRunning(error);
  }
}

/** A failed signed call says the server's reason when it refused to sign ('Failed to sign request'). */
function withReason(error: unknown): Error {
  if (lastRefusal) return new Error(lastRefusal, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

export interface QzPrinterList {
  printers: string[];
  /** The computer's default printer, when it has one QZ Tray can name. */
  defaultPrinter: string | null;
}

/** The printers QZ Tray can print to, and the default one. */
export async function findPrinters(): Promise<QzPrinterList> {
  await connectQz();
  try {
    const found = await qz.printers.find();
    const printers = Array.isArray(found) ? found : [found];
    const defaultPrinter = await qz.printers.getDefault().catch(() => null);
    return { printers, defaultPrinter: defaultPrinter || null };
  } catch (error) {
    throw withReason(error);
  }
}

/**
 * Prints the sale's prints on `printer` in their order (the receipt, then the tickets), one job
 * each, named by its title. The server made the ESC/POS bytes (CP865) and sends them base64: QZ
 * Tray sends them to the printer as they are.
 */
export async function printRaw(printer: string, prints: readonly PosPrint[]): Promise<void> {
  await connectQz();
  try {
    for (const print of prints) {
      const config = qz.configs.create(printer, { encoding: 'CP865', jobName: print.title });
      await qz.print(config, [
        { type: 'raw', format: 'command', flavor: 'base64', data: print.data },
      ]);
    }
  } catch (error) {
    throw withReason(error);
  }
}
