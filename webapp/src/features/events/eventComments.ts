import type { CommentOriginType } from '../../shared/comments/types';

/** The origin type of an event's comments (its Noter tab, 80). */
export const EVENT_COMMENT_ORIGIN: CommentOriginType = 'event';
