/** A comment and a page of them as the API sends them (contract "Comments"), generated from
 * the Rust types. */
import type { CommentsPage } from '../../api/generated/crm';
export type { Comment } from '../../api/generated/crm';
/** A page of comments, the envelope's `success` left out. */
export type CommentPage = Omit<CommentsPage, 'success'>;

/** The kinds of entity that have comments. */
export type CommentOriginType =
  'company' | 'contact' | 'order' | 'contract' | 'subscription' | 'event';

/** Comments are shown 10 a page, with 5 page links (spec 1 §9). */
export const COMMENTS_PER_PAGE = 10;
export const COMMENT_PAGE_LINKS = 5;
