import { createInterface } from 'node:readline/promises';
import { zEmail, zPassword } from '@bo/domain';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { AppError } from '../core/errors.ts';
import { createAdmin } from '../modules/auth/index.ts';

/**
 * Creates the first admin of a database started without demo data.
 * Reads ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME, ADMIN_SURNAME, or asks for them.
 */
async function ask(question: string, fallback: string | undefined): Promise<string> {
  if (fallback) {
    return fallback;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

const input = z.object({ email: zEmail(), password: zPassword(), name: z.string().min(1), surname: z.string().min(1) }).safeParse({
  email: await ask('E-mail: ', process.env.ADMIN_EMAIL),
  password: await ask('Password (at least 8 characters): ', process.env.ADMIN_PASSWORD),
  name: await ask('First name: ', process.env.ADMIN_NAME),
  surname: await ask('Last name: ', process.env.ADMIN_SURNAME),
});
if (!input.success) {
  console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}
const opened = await openConfiguredDatabase(loadConfig(), console.log, { migrate: true });
try {
  const id = await createAdmin(opened.database.db, input.data);
  console.log(`admin ${input.data.email} created (id ${id})`);
} catch (err) {
  const duplicate = err instanceof AppError && err.code === 'duplicated email';
  console.error(duplicate ? `An account with the e-mail ${input.data.email} already exists.` : err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await opened.close();
}
