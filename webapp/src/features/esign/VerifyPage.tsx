import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { useVerifyContractMutation } from './esignApi';
import './esign.css';

/**
 * 'Kontroller en aftale' (issue 12: anyone holding a contract PDF can check it against the
 * server): the file's SHA-256 is compared with the documents Tribune sent and the signed copies
 * it made; the answer says which it is, or that it matches none (changed, or not ours).
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [verify, verifying] = useVerifyContractMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file) void verify(file);
  }

  const verdict = verifying.data;
  return (
    <section className="tb-page tb-esign">
      <h1>{t('esign.verify.title')}</h1>
      <p>{t('esign.verify.intro')}</p>
      <form onSubmit={submit} className="tb-verify-form">
        <label htmlFor="verify-file">{t('esign.verify.file')}</label>
        <input
          id="verify-file"
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            verifying.reset();
          }}
        />
        <Button
          type="submit"
          label={t('esign.verify.submit')}
          disabled={!file}
          loading={verifying.isLoading}
        />
      </form>
      {verifying.isError && (
        <Alert severity="error">
          {apiErrorMessage(verifying.error) ?? t('esign.verify.failed')}
        </Alert>
      )}
      {verdict && (
        <>
          <Alert severity={verdict.genuine ? 'success' : 'error'}>
            {`${verdict.genuine ? t('esign.verify.genuine') : t('esign.verify.unknown')} ${verdict.message}`}
          </Alert>
          <p className="tb-verify-hash">
            {t('esign.verify.hash')}: <code>{verdict.sha256}</code>
          </p>
        </>
      )}
    </section>
  );
}
