import DOMPurify from 'dompurify';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { DATE_TIME_PATTERN, fullName } from '../format';
import { ConfirmButton } from '../ui/ConfirmButton';
import { DateTime } from '../ui/DateTime';
import { useToast } from '../ui/Toast';
import { UserAvatar } from '../ui/UserAvatar';
import { useDeleteCommentMutation, useMarkCommentReadMutation } from './commentsApi';
import type { Comment } from './types';

interface CommentItemProps {
  comment: Comment;
  /** The card's entity (its comments are reloaded after a change). */
  entityId: string;
  currentUserId: string | null;
  onReply: (comment: Comment) => void;
}

/** Where the comment was written: a screen of the app, or (from elsewhere) a web address. */
function OriginLink({ origin, url }: { origin: string; url: string | null }) {
  if (url?.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link className="tb-comment-origin" to={url}>
        {origin}
      </Link>
    );
  }
  if (url && /^https?:\/\//i.test(url)) {
    return (
      <a className="tb-comment-origin" href={url}>
        {origin}
      </a>
    );
  }
  return <span className="tb-comment-origin">{origin}</span>;
}

/** One comment: author, date, unread mark, text, pictures, files, origin, and its actions. */
export function CommentItem({ comment, entityId, currentUserId, onReply }: CommentItemProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [markRead, markReadState] = useMarkCommentReadMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const author = fullName(comment.author) || t('comments.unknownAuthor');
  const html = DOMPurify.sanitize(comment.text ?? '');

  return (
    <article
      className={comment.unread ? 'tb-comment tb-comment-unread' : 'tb-comment'}
      aria-label={t('comments.by', { name: author })}
    >
      <header className="tb-comment-header">
        <UserAvatar name={author} picture={comment.author.picture} />
        <span className="tb-comment-author">{author}</span>
        <DateTime value={comment.createDate} pattern={DATE_TIME_PATTERN} />
        {comment.unread && <Tag severity="warning" value={t('comments.unread')} />}
        {comment.origin && <OriginLink origin={comment.origin} url={comment.originUrl} />}
      </header>
      {html.trim() !== '' && (
        <div className="tb-comment-text" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {comment.images.length > 0 && (
        <ul className="tb-comment-images" aria-label={t('comments.pictures')}>
          {comment.images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={t('comments.picture', { number: index + 1 })} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {comment.files.length > 0 && (
        <ul className="tb-comment-files" aria-label={t('comments.files')}>
          {comment.files.map((file) => (
            <li key={file.url}>
              <i className="pi pi-file" aria-hidden="true" />
              <a href={file.url} download={file.name}>
                {file.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <footer className="tb-comment-actions">
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-reply"
          label={t('comments.reply')}
          onClick={() => onReply(comment)}
        />
        {comment.unread && (
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-check"
            label={t('comments.markRead')}
            loading={markReadState.isLoading}
            onClick={async () => {
              try {
                await markRead({ entityId, commentId: comment.id }).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('comments.failed'));
              }
            }}
          />
        )}
        {currentUserId !== null && comment.authorId === currentUserId && (
          <ConfirmButton
            text
            size="small"
            severity="danger"
            icon="pi pi-trash"
            label={t('comments.delete')}
            message={t('comments.confirmDelete')}
            onConfirm={async () => {
              try {
                await deleteComment({ entityId, commentId: comment.id }).unwrap();
                toast.success(t('comments.deleted'));
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('comments.failed'));
              }
            }}
          />
        )}
      </footer>
    </article>
  );
}
