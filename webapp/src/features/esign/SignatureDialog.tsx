import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignatureCanvas from 'react-signature-canvas';
import { Alert } from '../../shared/ui/Alert';

interface SignatureDialogProps {
  visible: boolean;
  signerName: string;
  busy: boolean;
  /** The server's reason when the last signing failed. */
  error?: string;
  onHide: () => void;
  /** The signature as a PNG data URL. */
  onSign: (signature: string) => void;
}

/**
 * 'Underskriv aftalen' (spec 3 §2, §5): a pad to sign on with finger or mouse, 'Fortryd' empties
 * it, 'Underskriv' sends it; an empty pad is 'Underskrift er påkrævet!' and sends nothing.
 */
export function SignatureDialog({
  visible,
  signerName,
  busy,
  error,
  onHide,
  onSign,
}: SignatureDialogProps) {
  const { t } = useTranslation();
  const pad = useRef<SignatureCanvas>(null);
  const errorId = useId();
  const [required, setRequired] = useState(false);

  const clear = () => {
    pad.current?.clear();
    setRequired(false);
  };

  const sign = () => {
    if (!pad.current || pad.current.isEmpty()) {
      setRequired(true);
      return;
    }
    onSign(pad.current.toDataURL('image/png'));
  };

  return (
    <Dialog
      header={t('esign.dialogTitle')}
      visible={visible}
      onHide={onHide}
      className="tb-esign-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      footer={
        <div className="tb-form-actions">
          <Button type="button" outlined label={t('esign.clear')} onClick={clear} />
          <Button type="button" label={t('esign.submit')} loading={busy} onClick={sign} />
        </div>
      }
    >
      <div className="tb-field">
        <div className={required ? 'tb-esign-pad tb-esign-pad-invalid' : 'tb-esign-pad'}>
          <SignatureCanvas
            ref={pad}
            penColor="black"
            minWidth={0.5}
            maxWidth={2.5}
            onBegin={() => setRequired(false)}
            canvasProps={{
              className: 'tb-esign-canvas',
              'aria-label': t('esign.pad'),
              'aria-invalid': required || undefined,
              'aria-describedby': required ? errorId : undefined,
            }}
          />
        </div>
        {required && (
          <small id={errorId} className="p-error">
            {t('esign.required')}
          </small>
        )}
      </div>
      <p className="tb-esign-signer">{t('esign.signedBy', { name: signerName })}</p>
      {error && <Alert severity="error">{error}</Alert>}
    </Dialog>
  );
}
