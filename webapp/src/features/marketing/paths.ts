/** The marketing module's pages (spec 2 §2 "Staff routes"). */
export const MARKETING_PATH = '/marketing';
export const NEWSLETTERS_PATH = '/marketing/newsletters';

export const newsletterPath = (id: string) => `${NEWSLETTERS_PATH}/${encodeURIComponent(id)}`;
