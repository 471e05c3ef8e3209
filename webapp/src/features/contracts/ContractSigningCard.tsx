import { useTranslation } from 'react-i18next';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { DateTime } from '../../shared/ui/DateTime';
import { Section } from '../../shared/ui/Section';
import type { Signing } from './types';

/**
 * 'Underskrevet': who signed on the public page, when (in the user's time zone), from which
 * address and browser, the SHA-256 of the exact PDF they were shown, and the signed copy kept among
 * the contract's files.
 */
export function ContractSigningCard({
  signing,
  signedFileId,
}: {
  signing: Signing;
  signedFileId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('contracts.signing.title')}>
      <dl className="tb-facts">
        <dt>{t('contracts.signing.signer')}</dt>
        <dd>
          {signing.signerName} ({signing.signerEmail})
        </dd>
        <dt>{t('contracts.signing.signedAt')}</dt>
        <dd>
          <DateTime value={signing.signedAt} pattern={DATE_TIME_PATTERN} />
        </dd>
        <dt>{t('contracts.signing.ip')}</dt>
        <dd>{signing.ip}</dd>
        <dt>{t('contracts.signing.userAgent')}</dt>
        <dd>{signing.userAgent}</dd>
        <dt>{t('contracts.signing.hash')}</dt>
        <dd>
          <code className="tb-hash">{signing.documentSha256}</code>
        </dd>
      </dl>
      {signedFileId && (
        <a
          href={`/api/files/download/${encodeURIComponent(signedFileId)}`}
          target="_blank"
          rel="noreferrer"
        >
          <i className="pi pi-file-pdf" aria-hidden="true" /> {t('contracts.signing.file')}
        </a>
      )}
    </Section>
  );
}
