// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type NewsletterSelection = { companyIds: Array<string>, contactIds: Array<string>, 
/**
 * Agreement products: companies whose running contracts hold one.
 */
productIds: Array<string>, 
/**
 * Order products: buyers of approved orders holding one.
 */
orderProductIds: Array<string>, 
/**
 * YYYY-MM-DD: the day contracts must run on ('Opret alle aktive', agreement products).
 */
activeDate: string | null, };

export type Newsletter = { id: string, name: string, title: string, subject: string, emailTemplate: string | null, description: string, picture: string | null, pictureBottom: string | null, fileAttachment: string | null, attachmentName: string | null, recipients: NewsletterSelection, version: number, createdAt: string, };

export type NamedChoice = { id: string, label: string, };

export type NewsletterChoices = { products: Array<NamedChoice>, orderProducts: Array<NamedChoice>, companies: Array<NamedChoice>, contacts: Array<NamedChoice>, };

export type NewsletterForm = { id: string | null, 
/**
 * The version the editor read (409 when another save came first).
 */
version: number | null, name: string | null, title: string | null, subject: string | null, emailTemplate: string | null, description: string | null, picture: string | null | null, pictureBottom: string | null | null, fileAttachment: string | null | null, recipients: NewsletterSelection, };

export type NewsletterListRow = { Id: string, Name: string, Title: string, Subject: string, CreateDate: string, };

export type RecipientContact = { id: string, firstname: string, lastname: string, email: string, };

export type Skipped = "email" | "unsubscribed" | "sent";

export type NewsletterRecipient = { id: string, 
/**
 * 'Ja' when the newsletter was mailed to the contact.
 */
sent: boolean, sentAt: string | null, sentTo: string | null, skipped: Skipped | null, 
/**
 * The contact unsubscribed from the club's newsletters.
 */
unsubscribed: boolean, contact: RecipientContact, };

export type RecipientCompany = { id: string, name: string, };

export type NewsletterRecipientGroup = { key: string, company: RecipientCompany | null, contacts: Array<NewsletterRecipient>, };

export type RecipientCounts = { total: number, sent: number, withoutEmail: number, unsubscribed: number, };

export type RecipientsCreated = { created: number, 
/**
 * Left out: recipients already, or unsubscribed from newsletters.
 */
skipped: number, };

export type NewslettersQueued = { 
/**
 * The send's id (its progress); none when nobody was queued.
 */
sendId: string | null, queued: number, 
/**
 * Left out: sent already (without force), no e-mail, or unsubscribed.
 */
skipped: number, 
/**
 * How many jobs carry the send.
 */
batches: number, };

export type SendProgress = { sendId: string, force: boolean, startedAt: string, 
/**
 * Recipients the send queued.
 */
total: number, 
/**
 * Of those, handled: mailed or passed over.
 */
done: number, sent: number, skipped: number, 
/**
 * Batches still waiting or being sent.
 */
pendingBatches: number, 
/**
 * Batches that gave up (after every retry).
 */
failedBatches: number, 
/**
 * The last error of a batch that is being retried or gave up.
 */
error: string | null, };

export type Unsubscription = { club: string, newsletter: string, 
/**
 * The address, partly hidden ('a***@example.dk').
 */
email: string, unsubscribed: boolean, };
