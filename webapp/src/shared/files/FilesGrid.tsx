import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import { Alert } from '../ui/Alert';
import { ConfirmButton } from '../ui/ConfirmButton';
import { useToast } from '../ui/Toast';
import { useDeleteFileMutation, useGetFilesQuery, useUploadFilesMutation } from './filesApi';
import { isPreviewable, type StoredFile } from './types';

interface FilesGridProps {
  /** The entity the files belong to. */
  relationId: string;
  /** Its kind, e.g. 'company'. */
  relationType: string;
}

/**
 * The files of an entity (spec 1 §2 "Files grid"): upload several at once, pictures as thumbnails
 * with a larger preview, download, delete after confirmation.
 */
export function FilesGrid({ relationId, relationType }: FilesGridProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const { data: files = [], isError, isSuccess } = useGetFilesQuery(relationId);
  const [upload, uploadState] = useUploadFilesMutation();
  const [deleteFile] = useDeleteFileMutation();
  const [preview, setPreview] = useState<StoredFile | null>(null);
  const [inputKey, setInputKey] = useState(0);

  async function uploadChosen(chosen: File[]) {
    if (chosen.length === 0) return;
    try {
      await upload({ relationId, relationType, files: chosen }).unwrap();
      toast.success(t('files.uploaded', { count: chosen.length }));
    } catch (error) {
      const tooLarge = isApiError(error) && error.status === 413;
      toast.error(apiErrorMessage(error) ?? t(tooLarge ? 'files.tooLarge' : 'files.uploadFailed'));
    } finally {
      setInputKey((key) => key + 1);
    }
  }

  return (
    <section className="tb-files" aria-labelledby={`${inputId}-title`}>
      <div className="tb-files-header">
        <h2 id={`${inputId}-title`}>{t('files.title')}</h2>
        <label
          htmlFor={inputId}
          className={
            uploadState.isLoading ? 'p-button p-component p-disabled' : 'p-button p-component'
          }
        >
          <i
            className={uploadState.isLoading ? 'pi pi-spin pi-spinner' : 'pi pi-upload'}
            aria-hidden="true"
          />
          <span>{t('files.upload')}</span>
        </label>
        <input
          key={inputKey}
          id={inputId}
          type="file"
          multiple
          className="tb-visually-hidden"
          disabled={uploadState.isLoading}
          onChange={(event) => void uploadChosen(Array.from(event.target.files ?? []))}
        />
      </div>
      {isError && <Alert severity="error">{t('files.loadFailed')}</Alert>}
      {isSuccess && files.length === 0 && <p>{t('table.empty')}</p>}
      <ul className="tb-files-grid" aria-label={t('files.title')}>
        {files.map((file) => (
          <li key={file.id} className="tb-file-card">
            {isPreviewable(file.fileName) ? (
              <button
                type="button"
                className="tb-file-thumb"
                aria-label={t('files.preview', { name: file.fileName })}
                onClick={() => setPreview(file)}
              >
                <img src={file.filePath} alt={file.fileName} loading="lazy" />
              </button>
            ) : (
              <span className="tb-file-thumb tb-file-icon" aria-hidden="true">
                <i className="pi pi-file" />
              </span>
            )}
            <span className="tb-file-name" title={file.fileName}>
              {file.fileName}
            </span>
            <span className="tb-file-actions">
              <a
                href={file.filePath}
                download={file.fileName}
                className="p-button p-component p-button-text p-button-icon-only"
                aria-label={t('files.download', { name: file.fileName })}
                title={t('files.download', { name: file.fileName })}
              >
                <i className="pi pi-download" aria-hidden="true" />
              </a>
              <ConfirmButton
                text
                severity="danger"
                icon="pi pi-trash"
                aria-label={t('files.delete', { name: file.fileName })}
                message={t('files.confirmDelete')}
                onConfirm={async () => {
                  try {
                    await deleteFile({ fileId: file.id, relationId }).unwrap();
                    toast.success(t('files.deleted'));
                  } catch (error) {
                    toast.error(apiErrorMessage(error) ?? t('files.deleteFailed'));
                  }
                }}
              />
            </span>
          </li>
        ))}
      </ul>
      <Dialog
        header={preview?.fileName}
        visible={preview !== null}
        onHide={() => setPreview(null)}
        ariaCloseIconLabel={t('common.close')}
        dismissableMask
        style={{ width: 'min(90vw, 60rem)' }}
      >
        {preview && (
          <img src={preview.filePath} alt={preview.fileName} className="tb-file-preview" />
        )}
      </Dialog>
    </section>
  );
}
