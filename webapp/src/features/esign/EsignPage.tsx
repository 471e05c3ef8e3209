import { Button } from 'primereact/button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { lazyPage } from '../../shared/areaRoutes';
import { formatDate } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { useTimeZone } from '../../shared/ui/DateTime';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useGetEsignInfoQuery, useGetEsignPdfQuery, useSignContractMutation } from './esignApi';
import './esign.css';

// The signature pad and its dialog come when the signer opens them (issue 36: the page's budget).
const SignatureDialog = lazyPage(() =>
  import('./SignatureDialog').then((module) => module.SignatureDialog),
);

// pdf.js is large: only this page loads it.
const ContractPdfViewer = lazyPage(() =>
  import('./ContractPdfViewer').then((viewer) => viewer.ContractPdfViewer),
);

const SIGNED_AT_PATTERN = 'DD-MM-YYYY [kl.] HH:mm';

/**
 * The public contract e-sign page (spec 3 §2, §4): /contracts/esign/{id}?token=… (or
 * /contracts/{id}/esign?token=…). It shows the contract's PDF and lets its contact sign it; the
 * signing answers a new token, which replaces the link's, so the page goes on with the signed copy.
 */
export function EsignPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = { id, token };
  const info = useGetEsignInfoQuery(request, { skip: !token });
  const pdf = useGetEsignPdfQuery(request, { skip: !token });
  const [signContract, signing] = useSignContractMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [signError, setSignError] = useState<string>();
  const [justSigned, setJustSigned] = useState(false);
  // pdf.js could not read the file of this token.
  const [unreadable, setUnreadable] = useState<string | null>(null);

  const loadFailed = !token || info.isError || pdf.isError || unreadable === token;
  const serverMessage = apiErrorMessage(pdf.error) ?? apiErrorMessage(info.error);
  const signed = justSigned || info.data?.signed === true;

  async function sign(signature: string) {
    setSignError(undefined);
    try {
      const next = await signContract({ id, token, signature }).unwrap();
      setJustSigned(true);
      setDialogOpen(false);
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set('token', next);
          return updated;
        },
        { replace: true },
      );
      toast.success(t('esign.success'));
    } catch (error) {
      setSignError(apiErrorMessage(error) ?? t('esign.signFailed'));
    }
  }

  if (loadFailed) {
    return (
      <section className="tb-page tb-esign">
        <Alert severity="error">
          {serverMessage ? `${t('esign.loadFailed')}: ${serverMessage}` : t('esign.loadFailed')}
        </Alert>
      </section>
    );
  }

  const pdfName = info.data
    ? t(signed ? 'esign.signedFileName' : 'esign.fileName', { number: info.data.contractNumber })
    : 'Aftale.pdf';

  return (
    <section className="tb-page tb-esign">
      {info.data && (
        <div className="tb-esign-club">
          {info.data.clubLogo && <img src={info.data.clubLogo} alt="" className="tb-brand-logo" />}
          <span>{info.data.clubName}</span>
        </div>
      )}
      <div className="tb-page-header">
        <div>
          {info.data && (
            <>
              <h1>{t('esign.title', { number: info.data.contractNumber })}</h1>
              <p className="tb-esign-parties">
                {[info.data.clubName, info.data.companyName].filter(Boolean).join(' · ')}
              </p>
            </>
          )}
        </div>
        {info.data && (
          <div className="tb-page-actions">
            {pdf.data && (
              <a
                href={pdf.data}
                download={pdfName}
                className="p-button p-component p-button-outlined"
              >
                <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden />
                <span className="p-button-label">
                  {signed ? t('esign.downloadSigned') : t('esign.download')}
                </span>
              </a>
            )}
            {!signed && (
              <Button
                type="button"
                icon="pi pi-pencil"
                label={t('esign.sign')}
                onClick={() => {
                  setSignError(undefined);
                  setDialogOpen(true);
                }}
              />
            )}
          </div>
        )}
      </div>
      {signed && (
        <Alert severity="success">
          {info.data?.signedAt
            ? t('esign.signedAt', {
                time: formatDate(info.data.signedAt, SIGNED_AT_PATTERN, timeZone),
              })
            : t('esign.signed')}
        </Alert>
      )}
      {pdf.data ? (
        <Suspense fallback={<Preloader label={t('common.loading')} />}>
          <ContractPdfViewer file={pdf.data} onError={() => setUnreadable(token)} />
        </Suspense>
      ) : (
        <Preloader label={t('common.loading')} />
      )}
      {info.data && dialogOpen && (
        <Suspense fallback={null}>
          <SignatureDialog
            visible={dialogOpen}
            signerName={info.data.signerName}
            busy={signing.isLoading}
            error={signError}
            onHide={() => setDialogOpen(false)}
            onSign={(signature) => void sign(signature)}
          />
        </Suspense>
      )}
    </section>
  );
}
