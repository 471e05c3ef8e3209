/** One part of a multipart/form-data body as a test reads it back. */
export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  value: string;
}

/**
 * Reads a multipart request the way the API does. (Node's own `request.formData()` refuses bodies
 * that cross from jsdom's realm, so the tests parse the text.)
 */
export async function readMultipart(request: Request): Promise<MultipartPart[]> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart request');
  const body = await request.text();
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      const contentType = /Content-Type: (.+)/i.exec(head)?.[1]?.trim();
      return { name, filename, contentType, value };
    });
}

/** The text of the field `name` (the `data` JSON …). */
export function fieldOf(parts: MultipartPart[], name: string): string | undefined {
  return parts.find((part) => part.name === name && part.filename === undefined)?.value;
}

/** The file parts named `name`. */
export function filesOf(parts: MultipartPart[], name: string): MultipartPart[] {
  return parts.filter((part) => part.name === name && part.filename !== undefined);
}
