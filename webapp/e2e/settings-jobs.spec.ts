import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The mail server goes down (ops/test tells where its SMTP sink runs), a reset mail fails, and the
 * admin runs the job again from the Jobs screen once the server is back.
 */
const pidFile = process.env.TRIBUNE_SMTP_SINK_PIDFILE;
const port = Number(process.env.TRIBUNE_SMTP_SINK_PORT ?? 0);
const python = process.env.TRIBUNE_SMTP_SINK_PYTHON;
const maildir = process.env.TRIBUNE_MAILDIR;

function listening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function waitUntil(open: boolean) {
  for (let i = 0; i < 100; i += 1) {
    if ((await listening()) === open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the SMTP sink on ${port} did not ${open ? 'start' : 'stop'}`);
}

async function stopSink() {
  if (!pidFile) return;
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  process.kill(pid, 'SIGTERM');
  await waitUntil(false);
}

async function startSink() {
  if (!pidFile || !python || !maildir) return;
  const child = spawn(
    python,
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { detached: true, stdio: 'ignore' },
  );
  child.unref();
  await writeFile(pidFile, String(child.pid));
  await waitUntil(true);
}

test('a job that failed while the mail server was down is run again and succeeds with its history', async ({
  page,
}) => {
  test.skip(!pidFile || !python || !maildir || !port, 'needs the SMTP sink of ops/test');
  await stopSink();
  try {
    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill('kunde@tribune.test');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(
      page.getByText('E-mail blev sendt med et link til at genskabe din adgangskode'),
    ).toBeVisible();

    await logIn(page, 'admin@tribune.test');
    await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
    await page.goto('/settings/jobs');
    await chooseOption(page, 'Status', 'Error');
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Nulstilling af adgangskode til kunde@tribune.test' })
      .first();
    await expect(async () => {
      await page.getByRole('searchbox').fill('Nulstilling');
      await expect(row).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByText('Error')).toBeVisible();
  } finally {
    await startSink();
  }

  const row = page
    .getByRole('row')
    .filter({ hasText: 'Nulstilling af adgangskode til kunde@tribune.test' })
    .first();
  await row.getByRole('button', { name: /^Kør/ }).click();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expectToast(page, 'Job startet');

  // The runner sends it; the list shows it as succeeded once reloaded.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('button', { name: /Vis detaljer/ }).click();
  const history = page.getByRole('list', { name: 'Historik' });
  await expect(history.getByText('Scheduled').first()).toBeVisible();
  await expect(
    history
      .getByText('Startet af Ada Admin')
      .or(history.getByText('Kørt igen af Ada Admin'))
      .first(),
  ).toBeVisible();
  await expect(history.getByText('Succeeded').last()).toBeVisible();
});
