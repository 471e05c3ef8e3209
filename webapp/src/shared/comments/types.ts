/** A comment as the API sends it (contract "Comments"). */
export interface Comment {
  id: string;
  /** HTML, sanitised by the server (and again before it is shown). */
  text: string;
  author: { firstname: string; lastname: string; picture: string | null };
  authorId: string;
  createDate: string;
  /** Not yet read by the caller. */
  unread: boolean;
  images: string[];
  files: { name: string; url: string }[];
  replies: Comment[];
  /** Where it was written, e.g. 'Virksomhed: Nordisk Byggeservice ApS'. */
  origin: string | null;
  originUrl: string | null;
}

export interface CommentPage {
  comments: Comment[];
  totalComments: number;
  unread: number;
}

/** The kinds of entity that have comments. */
export type CommentOriginType =
  'company' | 'contact' | 'order' | 'contract' | 'subscription' | 'event';

/** Comments are shown 10 a page, with 5 page links (spec 1 §9). */
export const COMMENTS_PER_PAGE = 10;
export const COMMENT_PAGE_LINKS = 5;
