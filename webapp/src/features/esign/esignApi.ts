import { baseApi } from '../../api/baseApi';
import type { EsignInfo, EsignRequest, VerifyVerdict } from './types';

// Absolute paths: the page is public, and these calls live under /api in either mode.
const esignUrl = (id: string) => `/api/contracts/${encodeURIComponent(id)}/esign`;

/** The PDF's bytes when it came; a refusal's body as JSON (the envelope) or as text. */
async function pdfOrRefusal(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The public contract e-sign calls (spec 3 §7 "Contracts"): the contract's PDF and what the page
 * says about it, both for the token of the link, and the signing, which answers the next token.
 */
export const esignApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEsignInfo: build.query<EsignInfo, EsignRequest>({
      query: ({ id, token }) => ({ url: `${esignUrl(id)}/info`, params: { token } }),
    }),
    /**
     * The PDF as an object URL for the viewer: the cache holds the URL (a string), and the blob
     * behind it is released when the entry leaves the cache (a new token is a new entry).
     */
    getEsignPdf: build.query<string, EsignRequest>({
      async queryFn({ id, token }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: esignUrl(id),
          params: { token },
          headers: { Accept: 'application/pdf' },
          responseHandler: pdfOrRefusal,
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) return { error: { status: 'PARSING_ERROR' as const } };
        return { data: URL.createObjectURL(answer.data) };
      },
      async onCacheEntryAdded(_request, { cacheDataLoaded, cacheEntryRemoved }) {
        try {
          const { data } = await cacheDataLoaded;
          await cacheEntryRemoved;
          URL.revokeObjectURL(data);
        } catch {
          // The entry left before a PDF came: there is nothing to release.
        }
      },
    }),
    /** The signature as a PNG data URL; the answer is the token of the signed contract. */
    signContract: build.mutation<string, EsignRequest & { signature: string }>({
      query: ({ id, token, signature }) => ({
        url: esignUrl(id),
        method: 'POST',
        params: { token },
        body: { signature },
      }),
    }),
    /** 'Kontroller en aftale': is this PDF one Tribune sent or signed, unchanged? */
    verifyContract: build.mutation<VerifyVerdict, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/api/public/contracts/verify', method: 'POST', body: form };
      },
    }),
  }),
});

export const {
  useGetEsignInfoQuery,
  useGetEsignPdfQuery,
  useSignContractMutation,
  useVerifyContractMutation,
} = esignApi;
