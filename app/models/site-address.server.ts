import { getDb } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

/*
 * The site's address in the links that mails carry. PUBLIC_URL when it is set. Without
 * it, the address an admin last signed in at: never the Host of a visitor's request,
 * which anyone can forge to have the club mail a victim a link to another site.
 */

const ADMIN_ORIGIN_KEY = "admin_origin";

/** Remembers the address of an admin's successful sign-in. */
export async function rememberAdminOrigin(request: Request): Promise<void> {
  const value = new URL(request.url).origin;
  await getDb()
    .insertInto("app_meta")
    .values({ key: ADMIN_ORIGIN_KEY, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** The address an admin last signed in at, if any. */
export async function adminOrigin(): Promise<string | null> {
  const row = await getDb()
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", ADMIN_ORIGIN_KEY)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** The origin of the links in mails (see above); this server on localhost before any sign-in. */
export async function mailSiteOrigin(): Promise<string> {
  return getEnv().publicUrl ?? (await adminOrigin()) ?? `http://localhost:${getEnv().port}`;
}
