import type { FetchArgs, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ApiError } from '../api/baseApi';

/** Saves a file the API produced (an export) under `fileName`, as the browser's download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: the download may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type BaseQuery<M> = (
  arg: FetchArgs,
) => QueryReturnValue<unknown, ApiError, M> | PromiseLike<QueryReturnValue<unknown, ApiError, M>>;

/**
 * The `queryFn` of a PDF the API renders ('Vis PDF', 'Hent PDF'): reads it with the session's
 * cookie and opens it in a new tab, or saves it as `fileName` when the browser blocks the tab. A
 * refusal is the usual JSON envelope, shown as the server's error; the bytes never enter the store.
 */
export async function openPdf<M>(
  baseQuery: BaseQuery<M>,
  url: string,
  fileName: string,
): Promise<QueryReturnValue<null, ApiError, M>> {
  const answer = await baseQuery({
    url,
    headers: { Accept: 'application/pdf' },
    responseHandler: (response) => (response.ok ? response.blob() : response.json()),
  });
  if (answer.error) return { error: answer.error };
  if (!(answer.data instanceof Blob)) return { error: { status: 'PARSING_ERROR' } };
  const pdf = new Blob([answer.data], { type: 'application/pdf' });
  const link = URL.createObjectURL(pdf);
  const tab = window.open(link, '_blank');
  if (tab === null) saveBlob(pdf, fileName);
  // The new tab may still be reading it.
  setTimeout(() => URL.revokeObjectURL(link), 60_000);
  return { data: null };
}
