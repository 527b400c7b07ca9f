import { getDb, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/db/seed.server";
import { ensureFirstAdmin } from "~/models/user.server";
import { getEnv, getSessionSecret } from "./env.server";

/** Everything that must be true before the server listens: schema, seed, first admin. */
export async function prepareApp(db: DB = getDb()): Promise<void> {
  const env = getEnv();
  getSessionSecret(env);
  await migrateToLatest(db);
  await seedDatabase(db, { dataDir: env.dataDir });
  const admin = await ensureFirstAdmin(db, {
    username: env.adminUsername,
    password: env.adminPassword,
  });
  if (admin.generatedPassword) {
    console.log(
      `\nPremier administrateur créé : « ${env.adminUsername} », mot de passe : ${admin.generatedPassword}\n` +
        "Notez-le maintenant : il ne sera plus affiché (changez-le dans Paramètres > Compte).\n",
    );
  } else if (admin.created) {
    console.log(
      `Premier administrateur créé : « ${env.adminUsername} » (mot de passe de ADMIN_PASSWORD).`,
    );
  }
}

/** True when the database answers a trivial query: what /healthz reports. */
export async function isDatabaseHealthy(db: DB = getDb()): Promise<boolean> {
  try {
    await db.selectFrom("app_meta").select("key").limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
