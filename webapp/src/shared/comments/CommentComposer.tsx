import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { appendFiles } from '../multipart';
import { RichTextEditor, type RichTextValue } from '../ui/RichTextEditor';
import { useToast } from '../ui/Toast';
import { useAddCommentMutation } from './commentsApi';
import type { CommentOriginType } from './types';

export interface CommentOrigin {
  entityId: string;
  originType: CommentOriginType;
  originUrl: string;
  relations: string[];
}

interface CommentComposerProps extends CommentOrigin {
  /** Replying to this comment. */
  parentId?: string;
  /** Accessible name of the writing area: 'Kommentar' or 'Svar til Anna Berg'. */
  label: string;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}

interface AttachmentListProps {
  label: string;
  files: File[];
  onRemove: (index: number) => void;
}

function AttachmentList({ label, files, onRemove }: AttachmentListProps) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="tb-attachments" aria-label={label}>
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`}>
          <i className="pi pi-paperclip" aria-hidden="true" />
          <span>{file.name}</span>
          <Button
            type="button"
            text
            rounded
            icon="pi pi-times"
            aria-label={t('comments.removeAttachment', { name: file.name })}
            onClick={() => onRemove(index)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Writes a comment or a reply: rich text plus pictures and files. Adding is possible with text or
 * with at least one attachment (spec 1 §5).
 */
export function CommentComposer({
  entityId,
  originType,
  originUrl,
  relations,
  parentId,
  label,
  submitLabel,
  onDone,
  onCancel,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const picturesId = useId();
  const filesId = useId();
  const [addComment, { isLoading }] = useAddCommentMutation();
  const [value, setValue] = useState<RichTextValue>({ html: '', text: '' });
  const [pictures, setPictures] = useState<File[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  // A new key empties the editor and the file choosers after a comment was added.
  const [round, setRound] = useState(0);
  const canAdd = value.text !== '' || pictures.length > 0 || files.length > 0;

  async function submit() {
    const form = new FormData();
    form.append('text', value.text === '' ? '' : value.html);
    if (parentId) form.append('parentId', parentId);
    form.append('originId', entityId);
    form.append('originUrl', originUrl);
    form.append('originType', originType);
    form.append('relations', relations.join(','));
    appendFiles(form, { picturesFiles: pictures, filesFiles: files });
    try {
      await addComment({ entityId, form }).unwrap();
      toast.success(t('comments.added'));
      setValue({ html: '', text: '' });
      setPictures([]);
      setFiles([]);
      setRound((current) => current + 1);
      onDone?.();
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('comments.failed'));
    }
  }

  return (
    <div className="tb-comment-composer">
      <RichTextEditor key={round} label={label} onChange={setValue} />
      <div className="tb-comment-attach">
        <label htmlFor={picturesId} className="p-button p-button-outlined p-button-sm">
          <i className="pi pi-image" aria-hidden="true" />
          <span>{t('comments.attachPictures')}</span>
        </label>
        <input
          key={`pictures-${round}`}
          id={picturesId}
          type="file"
          accept="image/*"
          multiple
          className="tb-visually-hidden"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setPictures((current) => [...current, ...chosen]);
          }}
        />
        <label htmlFor={filesId} className="p-button p-button-outlined p-button-sm">
          <i className="pi pi-paperclip" aria-hidden="true" />
          <span>{t('comments.attachFiles')}</span>
        </label>
        <input
          key={`files-${round}`}
          id={filesId}
          type="file"
          multiple
          className="tb-visually-hidden"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles((current) => [...current, ...chosen]);
          }}
        />
      </div>
      <AttachmentList
        label={t('comments.chosenPictures')}
        files={pictures}
        onRemove={(index) => setPictures((current) => current.filter((_, at) => at !== index))}
      />
      <AttachmentList
        label={t('comments.chosenFiles')}
        files={files}
        onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
      />
      <div className="tb-comment-composer-actions">
        {onCancel && <Button type="button" text label={t('comments.cancel')} onClick={onCancel} />}
        <Button
          type="button"
          label={submitLabel}
          icon="pi pi-send"
          disabled={!canAdd}
          loading={isLoading}
          onClick={() => void submit()}
        />
      </div>
    </div>
  );
}
