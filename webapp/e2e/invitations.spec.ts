import type { Locator, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { staffApi, type StaffApi } from './support/api';
import { linksIn, waitForMail } from './support/mail';
import { chooseOption, expectToast } from './support/primeReact';
import { matchType } from './support/seats';
import { logIn, uniqueEmail } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 18's invitations: staff invite three sponsor companies to a gala dinner open to the
 * invited only, give each company's invites two dinners, and send the invitations; one invitee
 * follows the mail's link as a visitor, is greeted 'Du er inviteret' and books the two dinners
 * for nothing; a reminder then goes to the two who did not book, and none to the one who did.
 */

const iso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
const DAY = 86_400_000;
const INVITE_PATH = '/public/events/invite/';

interface Sponsor {
  company: string;
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * A gala dinner open to the invited only (the public from in nine days), in two weeks, reminders
 * seven days before, its dinner sold at 500,00 and not to the public: its id.
 */
async function galaDinner(api: StaffApi, title: string, stamp: string): Promise<string> {
  const typeId = await matchType(api, `Gallatype ${stamp}`);
  const { result: productId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({ title: `Middag ${stamp}`, type: 'ticket', price: 50_000 }),
  });
  const start = new Date(Date.now() + 14 * DAY);
  const { result: id } = await api.postForm<{ result: string }>('/api/events/update', {
    data: JSON.stringify({
      typeId,
      title,
      location: 'Demo FC Stadion',
      startDate: iso(start),
      endDate: iso(new Date(start.getTime() + 4 * 3_600_000)),
      signUpStart: iso(new Date(Date.now() - DAY)),
      signUpPublic: iso(new Date(Date.now() + 9 * DAY)),
      signUpDeadline: iso(new Date(start.getTime() - 3_600_000)),
      sender: { name: 'Demo FC', email: 'kontakt@demofc.dk' },
      notifications: { reminderInterval: 7 },
      hasTickets: true,
      tickets: {
        controlType: 'Scan',
        products: [{ productId, title: 'Middag', price: 50_000, maxAmount: 100, public: false }],
      },
    }),
  });
  return id;
}

/** A sponsor company of Demo FC with one contact person of their own e-mail. */
async function sponsorCompany(api: StaffApi, company: string, firstname: string) {
  const sponsor: Sponsor = {
    company,
    firstname,
    lastname: 'Holm',
    email: uniqueEmail(firstname.toLowerCase()),
  };
  const contact = await api.postForm<{ data: { id: string } }>('/api/contacts/update', {
    data: JSON.stringify({
      firstname: sponsor.firstname,
      lastname: sponsor.lastname,
      email: sponsor.email,
      phone: '40123456',
    }),
  });
  await api.postForm<{ result: string }>('/api/companies/update', {
    data: JSON.stringify({
      name: company,
      status: 1,
      cvr: '12345678',
      phone: '',
      useEAN: false,
      vatExcluded: false,
      contactIds: [contact.data.id],
    }),
  });
  return sponsor;
}

const fullName = (sponsor: Sponsor) => `${sponsor.firstname} ${sponsor.lastname}`;

/** The invitation (not a reminder) with the invite's link. */
function isInvitation(mail: ParsedMail): boolean {
  return (
    !(mail.subject ?? '').startsWith('Påmindelse') &&
    linksIn(mail).some((url) => url.pathname.startsWith(INVITE_PATH))
  );
}

function isReminder(mail: ParsedMail): boolean {
  return (mail.subject ?? '').startsWith('Påmindelse');
}

/** A company's group on the Invitationer tab. */
function inviteGroup(page: Page, sponsor: Sponsor): Locator {
  return page.getByRole('region', { name: sponsor.company, exact: true });
}

/** The group's invites, shown ('Vis invitationer') when they are not yet. */
async function shownInvites(page: Page, sponsor: Sponsor): Promise<Locator> {
  const group = inviteGroup(page, sponsor);
  const table = group.getByRole('table', { name: sponsor.company });
  if (!(await table.isVisible())) {
    await group.getByRole('button', { name: 'Vis invitationer' }).click();
  }
  await expect(table).toBeVisible();
  return table;
}

/** A cell of the sponsor's invite (columns: Valgt, Navn, E-mail, Produkter, Sendt, Brugt, …). */
async function inviteCell(page: Page, sponsor: Sponsor, column: number): Promise<Locator> {
  const invites = await shownInvites(page, sponsor);
  return invites.getByRole('row').filter({ hasText: sponsor.email }).getByRole('cell').nth(column);
}

const SENT = 4;
const BOOKED = 5;

/** What the mails' jobs and the bookings recorded shows after a reload, once it is there. */
async function afterReload(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

/** The group's 'Rediger produkter': `amount` dinners per invite. */
async function giveDinners(page: Page, sponsor: Sponsor, amount: number) {
  await page.getByRole('button', { name: `Rediger produkter for ${sponsor.company}` }).click();
  const dialog = page.getByRole('dialog', { name: `Produkter til ${sponsor.company}` });
  await expect(dialog.getByText('Ingen produkter.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tilføj produkt' }).click();
  await chooseOption(page, 'Produkt', 'Middag');
  await dialog.getByLabel('Antal i alt').fill(String(amount));
  await dialog.getByLabel('Antal pr. invitation').fill(String(amount));
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Produkterne blev gemt!');
  await expect(dialog).toBeHidden();
}

/** Picks an action of 'Handlinger' (for the invites chosen, or all with none chosen). */
async function runAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Handlinger', exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('staff invite three sponsors, one books the free dinners through the link, and the two others are reminded', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const title = `Sponsormiddag ${stamp}`;
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const event = await galaDinner(api, title, stamp);
  const sponsors = [
    await sponsorCompany(api, `Nordbyg ${stamp}`, 'Anna'),
    await sponsorCompany(api, `Sydhavn ${stamp}`, 'Bo'),
    await sponsorCompany(api, `Vestjysk ${stamp}`, 'Carl'),
  ];
  const [booker, ...others] = sponsors as [Sponsor, Sponsor, Sponsor];

  // The Invitationer tab: the three companies, 'Opret valgte'.
  await page.goto(`/events/${event}`);
  await page.getByRole('tab', { name: 'Invitationer' }).click();
  await expect(page.getByText('Der er ingen invitationer endnu.')).toBeVisible();
  const companies = page
    .locator('.p-multiselect')
    .filter({ has: page.getByLabel('Virksomheder', { exact: true }) });
  await companies.click();
  // The overlay's search box finds the companies on the server as one types.
  const overlay = page.locator('.p-multiselect-panel');
  await overlay.getByRole('searchbox').fill(stamp);
  for (const sponsor of sponsors) {
    await overlay.getByRole('option', { name: sponsor.company, exact: true }).click();
  }
  await overlay.locator('.p-multiselect-close').click();
  await expect(overlay).toBeHidden();
  for (const sponsor of sponsors) await expect(companies).toContainText(sponsor.company);
  await page.getByRole('button', { name: 'Opret valgte' }).click();
  await expectToast(page, 'Invitationer blev oprettet!');
  await expectToast(page, '3 oprettet, 0 sprunget over');

  // Each company's invites: two dinners each.
  for (const sponsor of sponsors) {
    await expect(
      inviteGroup(page, sponsor).getByText('1 invitation', { exact: true }),
    ).toBeVisible();
    await giveDinners(page, sponsor, 2);
    await expect(await inviteCell(page, sponsor, 3)).toHaveText('2 × Middag');
    await expect(await inviteCell(page, sponsor, SENT)).toHaveText('Nej');
  }

  // Sent to all (none chosen).
  await expect(page.getByText('Ingen valgt: handlingerne gælder alle invitationer.')).toBeVisible();
  await runAction(page, 'Send invitationer');
  await expectToast(page, 'Invitationer blev sendt!');
  await expectToast(page, '3 sat i kø, 0 sprunget over');

  const mails = await Promise.all(
    sponsors.map((sponsor) => waitForMail(sponsor.email, isInvitation, 30_000)),
  );
  for (const mail of mails) expect(mail.text ?? '').toContain(title);
  const link = linksIn(mails[0] as ParsedMail).find((url) => url.pathname.startsWith(INVITE_PATH));
  expect(link, 'the invite link in the mail').toBeDefined();
  const invitePath = link?.pathname ?? '';
  expect(invitePath).toMatch(/^\/public\/events\/invite\/[A-Za-z0-9]+$/);

  // The tab: each invitation sent ('Ja').
  await afterReload(page, async () => {
    for (const sponsor of sponsors) {
      await expect(await inviteCell(page, sponsor, SENT)).toContainText('Ja', { timeout: 1_000 });
    }
  });

  // The visitor follows the link: 'Du er inviteret' with the two dinners, and books them.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(invitePath);
  await expect(guest).toHaveURL((url) => url.searchParams.has('invite'));
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const banner = guest.getByRole('region', { name: 'Du er inviteret' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`${fullName(booker)}, ${booker.company}`);
  await expect(banner.getByRole('list', { name: 'Gratis billetter' })).toHaveText(
    '2 × Middag gratis',
  );
  const offered = guest.getByRole('group', { name: 'Middag' });
  await expect(offered.getByLabel('Antal')).toHaveValue('2');
  await expect(offered.getByText('2 fribilletter fra din invitation')).toBeVisible();

  await guest.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(guest).toHaveURL(/#2$/);
  await expect(guest.getByLabel('Fornavn')).toHaveValue(booker.firstname);
  await expect(guest.getByLabel('Efternavn')).toHaveValue(booker.lastname);
  await expect(guest.getByLabel('E-mail', { exact: true })).toHaveValue(booker.email);
  await expect(guest.getByLabel('Telefon')).toHaveValue('40123456');
  await guest.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(guest).toHaveURL(/#3$/);
  // The dinner costs 500,00, but the invite's two are free tickets.
  const lines = guest.getByRole('table', { name: 'Din bestilling' });
  const dinner = lines.getByRole('row').filter({ hasText: 'Middag' }).getByRole('cell');
  await expect(dinner.nth(1)).toHaveText('2', { useInnerText: true });
  await expect(dinner.nth(2)).toHaveText('2', { useInnerText: true });
  const totals = guest.getByRole('table', { name: 'Totaler' });
  await expect(totals.getByRole('row', { name: /^Total/ }).getByRole('cell')).toHaveText(/^0,00/);
  await guest.getByRole('checkbox', { name: /Jeg accepterer/ }).check();
  await guest.getByRole('button', { name: 'Bekræft bestilling' }).click();
  await expect(guest.getByText('Tak for din bestilling!')).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByRole('link', { name: /Hent billet/ })).toHaveCount(2);
  await context.close();

  // The tab: the booker used both dinners.
  await afterReload(page, async () => {
    await expect(await inviteCell(page, booker, BOOKED)).toHaveText('2', { timeout: 1_000 });
  });
  for (const sponsor of others) {
    await expect(await inviteCell(page, sponsor, BOOKED)).toHaveText('0');
  }
  // The booker's invite's history (issue 37 §3): made for the contact, named, then booked.
  const bookerInvites = await shownInvites(page, booker);
  await bookerInvites.getByRole('button', { name: `Historik for ${fullName(booker)}` }).click();
  const inviteHistory = page.getByRole('dialog', {
    name: `Historik for invitationen til ${fullName(booker)}`,
  });
  await expect(inviteHistory).toContainText('Invitation oprettet');
  await expect(inviteHistory).toContainText(`Kontaktperson: – → ${fullName(booker)}`);
  await expect(inviteHistory).toContainText(/Produkter: – → \d+ × \S/);
  await expect(inviteHistory).toContainText('Billetter bestilt');
  await inviteHistory.getByRole('button', { name: 'Luk' }).click();

  // A reminder to the two who did not book, chosen by their check boxes.
  for (const sponsor of others) {
    const invites = await shownInvites(page, sponsor);
    await invites.getByRole('checkbox', { name: `Vælg ${fullName(sponsor)}` }).check();
  }
  await expect(page.getByText('2 invitationer valgt: handlingerne gælder dem.')).toBeVisible();
  await runAction(page, 'Send påmindelse');
  await expectToast(page, 'Invitationer blev sendt!');
  await expectToast(page, '2 sat i kø, 0 sprunget over');
  for (const sponsor of others) {
    const reminder = await waitForMail(sponsor.email, isReminder, 30_000);
    expect(reminder.text ?? '').toContain('Vi minder om invitationen');
  }
  // Two were queued, so with theirs arrived none is on its way to the booker.
  await expect(waitForMail(booker.email, isReminder, 3_000)).rejects.toThrow(/no mail/);
  await afterReload(page, async () => {
    for (const sponsor of others) {
      await expect(await inviteCell(page, sponsor, SENT)).toContainText('Påmindelse', {
        timeout: 1_000,
      });
    }
  });
  await expect(await inviteCell(page, booker, SENT)).not.toContainText('Påmindelse');
});
