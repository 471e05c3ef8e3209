import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * Reads the mails the SMTP sink (aiosmtpd) wrote into the Maildir at TRIBUNE_MAILDIR. Messages are
 * MIME (quoted-printable or base64), so they are parsed, not grepped.
 */

const POLL_MS = 500;

function maildir(): string {
  const dir = process.env.TRIBUNE_MAILDIR;
  if (!dir) throw new Error('TRIBUNE_MAILDIR is not set: it must point at the SMTP sink Maildir');
  return dir;
}

async function messageFiles(): Promise<string[]> {
  const root = maildir();
  const folders = await Promise.all(
    ['new', 'cur'].map(async (folder) => {
      try {
        return (await readdir(join(root, folder))).map((name) => join(root, folder, name));
      } catch {
        return [];
      }
    }),
  );
  return folders.flat();
}

const parsed = new Map<string, ParsedMail>();

async function parse(file: string): Promise<ParsedMail | undefined> {
  const known = parsed.get(file);
  if (known) return known;
  try {
    const mail = await simpleParser(await readFile(file));
    parsed.set(file, mail);
    return mail;
  } catch {
    // Moved from new/ to cur/ while reading: the next poll finds it under its new name.
    return undefined;
  }
}

function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((address) => address.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** The links of a mail, from its HTML (entities decoded) and its text part. */
export function linksIn(mail: ParsedMail): URL[] {
  const html = typeof mail.html === 'string' ? mail.html.replace(/&amp;/g, '&') : '';
  const text = `${mail.text ?? ''}\n${html}`;
  const found = text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  return [...new Set(found)].map((link) => new URL(link));
}

/** The path and query of the first link whose path is `path` (e.g. '/confirm-email'). */
export function linkPath(mail: ParsedMail, path: string): string {
  const link = linksIn(mail).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in the mail "${mail.subject ?? ''}"`);
  return link.pathname + link.search;
}

/**
 * Waits up to `timeoutMs` for a mail to `to` that satisfies `matches` (e.g. has a reset link).
 */
export async function waitForMail(
  to: string,
  matches: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const wanted = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of await messageFiles()) {
      const mail = await parse(file);
      if (mail && recipients(mail).includes(wanted) && matches(mail)) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to} arrived in ${maildir()} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The mails to `to` that satisfy `matches`, as the Maildir holds them now. */
export async function mailsTo(
  to: string,
  matches: (mail: ParsedMail) => boolean = () => true,
): Promise<ParsedMail[]> {
  const wanted = to.toLowerCase();
  const found: ParsedMail[] = [];
  for (const file of await messageFiles()) {
    const mail = await parse(file);
    if (mail && recipients(mail).includes(wanted) && matches(mail)) found.push(mail);
  }
  return found;
}

/**
 * Waits up to `timeoutMs` until `count` mails to `to` satisfy `matches` (e.g. a newsletter sent
 * twice), and returns them all.
 */
export async function waitForMails(
  to: string,
  matches: (mail: ParsedMail) => boolean,
  count: number,
  timeoutMs = 15_000,
): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(to, matches);
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `${found.length} of ${count} mails to ${to} arrived in ${maildir()} within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A mail with a link to `path`. */
export function hasLink(path: string) {
  return (mail: ParsedMail) => linksIn(mail).some((url) => url.pathname === path);
}
