import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type CapturedMail = { to: string; subject: string; link: string; sentAt?: string };

/** Mails are never sent: they land in `<dataDir>/mail` and are listed at GET /_local/mail. */
export async function captureMail(dataDir: string, mail: CapturedMail): Promise<void> {
  const dir = join(dataDir, 'mail');
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  await writeFile(
    join(dir, `${sentAt.replace(/[:.]/g, '-')}-${mail.to}.json`),
    JSON.stringify({ ...mail, sentAt }),
  );
  console.info(`[local auth] mail to ${mail.to}: ${mail.subject} ${mail.link}`);
}

export async function listMail(dataDir: string): Promise<CapturedMail[]> {
  const dir = join(dataDir, 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.sort().map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as CapturedMail),
  );
  return mails.reverse();
}
