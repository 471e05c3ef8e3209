import { baseApi } from '../../api/baseApi';
import { saveBlob } from '../../shared/download';

/** The period of the auditor's export, and its form: a workbook or signed JSON. */
export interface AuditPeriod {
  from: string;
  to: string;
  format: 'xlsx' | 'json';
}

/** The auditor's period export (issue 37 §4), downloaded. */
export const invoiceAuditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    exportAuditPeriod: build.mutation<null, AuditPeriod>({
      async queryFn(period, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: '/api/invoices/audit-export',
          params: { ...period },
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) return { error: { status: 'PARSING_ERROR' as const } };
        saveBlob(answer.data, `Revision-${period.from}-${period.to}.${period.format}`);
        return { data: null };
      },
    }),
  }),
});

export const { useExportAuditPeriodMutation } = invoiceAuditApi;
