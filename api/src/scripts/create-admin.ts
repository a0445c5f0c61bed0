// Creates a staff admin: `npm run seed:admin -w @vag/api -- email password [nombre]`
// while `npm start` runs (uses MONGODB_URL). An existing account with that e-mail is
// left untouched.
import { loginSchema } from '@vag/contracts';
import { connectDatabase } from '@vag/core/db/client';
import { ensureIndexes } from '@vag/core/db/indexes';
import { ensureAdmin } from '@vag/core/db/users';
import { parseEnv } from '@vag/core/env';

async function main(): Promise<number> {
  const [email, password, ...name] = process.argv.slice(2);
  const parsed = loginSchema.safeParse({ email, password });
  if (!parsed.success) {
    console.error('Uso: npm run seed:admin -w @vag/api -- <email> <contraseña> [nombre]');
    for (const issue of parsed.error.issues)
      console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const env = parseEnv();
  const { client, db } = await connectDatabase(env.MONGODB_URL);
  try {
    await ensureIndexes(db);
    const created = await ensureAdmin(
      db,
      parsed.data.email,
      parsed.data.password,
      name.join(' ') || 'Administrador',
    );
    console.log(
      created
        ? `Administrador creado: ${parsed.data.email}`
        : `Ya existe una cuenta con ${parsed.data.email}: no se modificó.`,
    );
    return 0;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
