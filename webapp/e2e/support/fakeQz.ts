import { createHash, createVerify } from 'node:crypto';
import { WebSocketServer } from 'ws';

/**
 * A fake QZ Tray for the point-of-sale journey: the websocket QZ Tray serves on the desk's
 * computer, speaking qz-tray.js's protocol (node_modules/qz-tray/qz-tray.js). The page connects
 * to ws://localhost:8182 (webapp/src/shared/printing/qz.ts), asks 'getVersion', sends the site's
 * certificate (`{certificate, uid}`), then makes signed calls `{call, params, timestamp, uid,
 * signature, signAlgorithm}`; each is answered `{uid, result}` (or `{uid, error}`). A "ping"
 * keeps the connection alive and is not answered. Every message is recorded for the test.
 */

/** QZ Tray's first insecure port: the page tries it first. */
export const FAKE_QZ_PORT = 8182;

/** A message the page sent, as parsed. */
export interface QzMessage {
  call?: string;
  params?: unknown;
  timestamp?: number;
  uid?: string;
  signature?: string;
  signAlgorithm?: string;
  certificate?: string | null;
  [key: string]: unknown;
}

/** A print call's parameters (qz.print: the config's printer and options, the data). */
export interface QzPrintParams {
  printer: { name?: string };
  options: { jobName?: string; encoding?: string; [key: string]: unknown };
  data: { type: string; format: string; flavor: string; data: string }[];
}

export interface FakeQz {
  /** Every JSON message received, in order. */
  messages: QzMessage[];
  /** The calls among them (not the certificate). */
  calls: (name: string) => QzMessage[];
  /** The certificate the page sent on connecting, if it did. */
  certificate: () => string | null | undefined;
  stop: () => Promise<void>;
}

/**
 * What qz-tray.js signed for a call: the SHA-256 (hex) of the JSON of `{call, params, timestamp}`
 * in that order (`_qz.tools.hash(_qz.tools.stringify(signObj))`), which the page's signature
 * promise hands to the server's /api/qz/sign-message. A parsed message gives the same JSON back:
 * it was serialised by JSON.stringify too.
 */
export function qzSignedText(message: QzMessage): string {
  const signed = JSON.stringify({
    call: message.call,
    params: message.params,
    timestamp: message.timestamp,
  });
  return createHash('sha256').update(signed, 'utf8').digest('hex');
}

/** QZ Tray's check of a call: its signature (base64, RSA SHA-512) against the certificate. */
export function qzSignatureVerifies(message: QzMessage, certificatePem: string): boolean {
  if (!message.signature) return false;
  return createVerify('RSA-SHA512')
    .update(qzSignedText(message))
    .verify(certificatePem, message.signature, 'base64');
}

/**
 * Starts the fake on `port` (all interfaces: the page tries localhost, which may be ::1, then
 * 127.0.0.1), answering the printer list with `printers` and `defaultPrinter`; rejects when the
 * port is taken.
 */
export async function startFakeQz(
  printers: string[],
  defaultPrinter: string,
  port = FAKE_QZ_PORT,
): Promise<FakeQz> {
  const messages: QzMessage[] = [];
  const server = new WebSocketServer({ port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error) =>
      reject(
        new Error(
          `The fake QZ Tray could not listen on port ${port} (is something else using it?): ${error.message}`,
        ),
      ),
    );
  });

  const answer = (message: QzMessage): { result?: unknown; error?: string } => {
    if (message.certificate !== undefined) return { result: null };
    switch (message.call) {
      case 'getVersion':
        return { result: '2.2.6' };
      case 'printers.find':
        return { result: printers };
      case 'printers.getDefault':
        return { result: defaultPrinter };
      case 'print':
        return { result: null };
      default:
        return { error: `The fake QZ Tray does not do ${message.call ?? 'this'}` };
    }
  };

  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const text = Buffer.isBuffer(raw)
        ? raw.toString('utf8')
        : Array.isArray(raw)
          ? Buffer.concat(raw).toString('utf8')
          : Buffer.from(raw).toString('utf8');
      if (text === 'ping') return;
      const message = JSON.parse(text) as QzMessage;
      messages.push(message);
      if (message.uid == null) return;
      socket.send(JSON.stringify({ uid: message.uid, ...answer(message) }));
    });
  });

  return {
    messages,
    calls: (name) => messages.filter((message) => message.call === name),
    certificate: () => messages.find((message) => message.certificate !== undefined)?.certificate,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        for (const client of server.clients) client.terminate();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
