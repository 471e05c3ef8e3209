/**
 * The door's camera and QR decoding (issue 18): the back camera plays in a <video>, and a frame is
 * read every ~150 ms by the browser's own BarcodeDetector when it reads QR codes (Chrome on
 * Android), else by jsQR, loaded only when the door page starts the camera. The page is handed
 * decoded text; every device call stays in this file, so the page is tested without a camera.
 *
 * jsQR is plain JavaScript: a WebAssembly decoder would need 'wasm-unsafe-eval' in the server's
 * Content-Security-Policy, which allows this origin's scripts and nothing more.
 */

/** How often a frame is read: at once to the eye, yet sparing a phone's battery. */
export const DECODE_INTERVAL_MS = 150;
/** jsQR reads a frame scaled down to this width: a ticket held up fills much of the picture. */
const FALLBACK_WIDTH = 640;
/** `HTMLMediaElement.HAVE_CURRENT_DATA`: the video has a frame to read. */
const HAVE_CURRENT_DATA = 2;

/** Why the camera could not start; the page says it in the user's words. */
export type CameraFailure = 'denied' | 'notFound' | 'inUse' | 'unsupported' | 'decoder' | 'other';

/** The camera or the decoder did not start. */
export class CameraError extends Error {
  readonly reason: CameraFailure;

  constructor(reason: CameraFailure, cause?: unknown) {
    super(`The camera could not start: ${reason}`, { cause });
    this.name = 'CameraError';
    this.reason = reason;
  }
}

/** Reads the QR code of the video's current frame, if there is one. */
export interface QrDecoder {
  kind: 'native' | 'jsqr';
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The Barcode Detection API, which TypeScript's DOM types do not have yet. */
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): {
    detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
  };
  getSupportedFormats(): Promise<string[]>;
}

/** `scope` is where the BarcodeDetector is looked for: the window, or a test's stand-in. */
async function nativeDecoder(scope: object): Promise<QrDecoder | null> {
  if (!('BarcodeDetector' in scope) || typeof scope.BarcodeDetector !== 'function') return null;
  const Detector = scope.BarcodeDetector as BarcodeDetectorClass;
  try {
    // Desktop Chrome has the API but may read no QR codes (no platform detector).
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    kind: 'native',
    decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
  };
}

async function jsQrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read frames with');
  return {
    kind: 'jsqr',
    decode: (video) => {
      const scale = Math.min(1, FALLBACK_WIDTH / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (!width || !height) return Promise.resolve(null);
      // Setting a canvas's size clears it and costs time: only when the camera's changes.
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      // Tickets print dark on light: reading the inverted picture too would halve the rate.
      const code = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
      return Promise.resolve(code?.data ?? null);
    },
  };
}

/** The browser's BarcodeDetector when it reads QR codes, else jsQR. */
export async function createQrDecoder(scope: object = window): Promise<QrDecoder> {
  return (await nativeDecoder(scope)) ?? (await jsQrDecoder());
}

/** getUserMedia's refusals (DOMExceptions, named) in the page's terms. */
function failureOf(error: unknown): CameraFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'other';
  }
}

/** A running camera; `stop` turns it off (the phone's camera light goes out). */
export interface QrReader {
  stop(): void;
}

/**
 * Starts the back camera in `video` and tells `onCode` the text of each QR code it reads, as often
 * as it reads it (a code held up is read many times a second). Rejects with a CameraError when
 * the camera or the decoder cannot start.
 */
export async function startQrReader(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<QrReader> {
  // http:// other than localhost has no camera at all.
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  // The decoder loads while the user answers the camera prompt.
  const loading = createQrDecoder().catch((error: unknown) => new CameraError('decoder', error));
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
  } catch (error) {
    throw new CameraError(failureOf(error), error);
  }
  const stopCamera = () => {
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  let decoder: QrDecoder;
  try {
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    const loaded = await loading;
    if (loaded instanceof CameraError) throw loaded;
    decoder = loaded;
  } catch (error) {
    stopCamera();
    throw error instanceof CameraError ? error : new CameraError('other', error);
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readFrame = async () => {
    if (video.readyState >= HAVE_CURRENT_DATA) {
      try {
        const text = await decoder.decode(video);
        if (text && !stopped) onCode(text);
      } catch {
        // A frame the decoder cannot take (the camera is still starting): the next one will do.
      }
    }
    if (!stopped) timer = setTimeout(() => void readFrame(), DECODE_INTERVAL_MS);
  };
  void readFrame();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    },
  };
}
