/** The subscription page's tabs (spec 3 §2 "Subscriptions"), keyed as the contract page's. */
export const SUBSCRIPTION_TAB = 10;
export const INVOICES_TAB = 20;
export const FILES_TAB = 30;
export const NOTES_TAB = 80;
export const HISTORY_TAB = 90;
