// The part of qz-tray (2.2+, a CommonJS/UMD module without types) that the receipt printing uses.
declare module 'qz-tray' {
  type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

  interface QzConnectOptions {
    /** Default ['localhost', 'localhost.qz.io']. */
    host?: string | string[];
    port?: { secure?: number[]; insecure?: number[] };
    /** Default: secure (wss) on an https page, insecure (ws) otherwise. */
    usingSecure?: boolean;
    keepAlive?: number;
    retries?: number;
    delay?: number;
  }

  /** What `qz.configs.create` makes: the printer and its options. Opaque here. */
  interface QzConfig {
    getPrinter(): unknown;
  }

  /** One piece of a print job, e.g. raw ESC/POS bytes: {type: 'raw', format: 'command', flavor: 'base64'}. */
  interface QzPrintData {
    type: 'raw' | 'pixel';
    format: 'command' | 'html' | 'image' | 'pdf';
    flavor?: 'base64' | 'file' | 'hex' | 'plain' | 'xml';
    data: string;
    options?: Record<string, unknown>;
  }

  interface QzTray {
    version: string;
    websocket: {
      connect(options?: QzConnectOptions): Promise<void>;
      disconnect(): Promise<void>;
      isActive(): boolean;
    };
    security: {
      setCertificatePromise(
        handler: Resolver<string>,
        options?: { rejectOnFailure?: boolean },
      ): void;
      setSignatureAlgorithm(algorithm: 'SHA1' | 'SHA256' | 'SHA512'): void;
      setSignaturePromise(factory: (toSign: string) => Resolver<string>): void;
    };
    printers: {
      /** Every printer's name without a query; the matching name with one. */
      find(query?: string): Promise<string | string[]>;
      getDefault(): Promise<string | null>;
    };
    configs: {
      create(printer: string, options?: Record<string, unknown>): QzConfig;
    };
    print(config: QzConfig | QzConfig[], data: (QzPrintData | string)[]): Promise<void>;
  }

  const qz: QzTray;
  export = qz;
}
