import { Card } from 'primereact/card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { fullName } from '../format';
import { Alert } from '../ui/Alert';
import { Pager } from '../ui/Pager';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { useGetCommentsQuery } from './commentsApi';
import {
  COMMENT_PAGE_LINKS,
  COMMENTS_PER_PAGE,
  type Comment,
  type CommentOriginType,
} from './types';

export interface CommentsCardProps {
  /** The entity the comments belong to (a saved company, contact …). */
  entityId: string;
  originType: CommentOriginType;
  /** The address of this screen, stored with a new comment as where it was written. */
  originUrl: string;
  /** Related entities whose comments are shown and linked too (a company's contacts …). */
  relations?: string[];
}

/** Replies and their replies, in order, shown at one indented level (spec 1 §2). */
function flattenReplies(comment: Comment): Comment[] {
  return comment.replies.flatMap((reply) => [reply, ...flattenReplies(reply)]);
}

/**
 * The comments card of spec 1 §2: newest first, 10 a page with 5 page links, replies under their
 * comment, unread marks, a rich-text editor with pictures and files.
 */
export function CommentsCard({
  entityId,
  originType,
  originUrl,
  relations = [],
}: CommentsCardProps) {
  const { t } = useTranslation();
  const { user } = useAppSession();
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const { data, isError } = useGetCommentsQuery({
    entityId,
    skip: (page - 1) * COMMENTS_PER_PAGE,
    relations,
  });
  const origin = { entityId, originType, originUrl, relations };

  function replyComposer(comment: Comment) {
    if (replyTo?.id !== comment.id) return null;
    const name = fullName(replyTo.author);
    return (
      <CommentComposer
        {...origin}
        parentId={replyTo.id}
        label={t('comments.replyTo', { name })}
        submitLabel={t('comments.sendReply')}
        onDone={() => setReplyTo(null)}
        onCancel={() => setReplyTo(null)}
      />
    );
  }

  return (
    <Card className="tb-comments">
      <section aria-labelledby={`comments-${entityId}`}>
        <h2 id={`comments-${entityId}`} className="tb-card-title">
          {t('comments.title')}
          {data && data.unread > 0 && (
            <span className="tb-tab-badge">
              {t('comments.unreadCount', { count: data.unread })}
            </span>
          )}
        </h2>
        <CommentComposer
          {...origin}
          label={t('comments.new')}
          submitLabel={t('comments.add')}
          onDone={() => setPage(1)}
        />
        {isError && <Alert severity="error">{t('comments.loadFailed')}</Alert>}
        {data && data.comments.length === 0 && <p>{t('comments.empty')}</p>}
        <ol className="tb-comment-list">
          {data?.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                entityId={entityId}
                currentUserId={user?.id ?? null}
                onReply={setReplyTo}
              />
              {replyComposer(comment)}
              {comment.replies.length > 0 && (
                <ol className="tb-comment-replies" aria-label={t('comments.replies')}>
                  {flattenReplies(comment).map((reply) => (
                    <li key={reply.id}>
                      <CommentItem
                        comment={reply}
                        entityId={entityId}
                        currentUserId={user?.id ?? null}
                        onReply={setReplyTo}
                      />
                      {replyComposer(reply)}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
        <Pager
          page={page}
          perPage={COMMENTS_PER_PAGE}
          total={data?.totalComments ?? 0}
          onPageChange={setPage}
          links={COMMENT_PAGE_LINKS}
        />
      </section>
    </Card>
  );
}
