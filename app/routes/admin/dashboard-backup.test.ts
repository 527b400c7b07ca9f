import { beforeEach, describe, expect, it } from "vitest";
import { LAST_KEY, writeLastBackup } from "~/domains/backups/backup-state.server";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, getRequest, signIn } from "../../../tests/auth";
import { loader } from "./dashboard/dashboard";
import { getBackupWarning } from "~/domains/dashboard/dashboard.server";

/* The dashboard's backup warning: to an admin only, when none was made, the last failed or is over 48 h old. */

const NOW = new Date("2026-11-26T12:00:00Z");

beforeEach(async () => {
  await getDb().deleteFrom("app_meta").where("key", "=", LAST_KEY).execute();
});

describe("the dashboard's backup warning", () => {
  it("tells an admin when no backup was ever made, the last failed, or is over 48 hours old", async () => {
    expect(await getBackupWarning(["admin"], NOW)).toEqual({ reason: "none" });

    const ok = { ok: true, kind: "nuit", file: "sauvegarde-x-nuit.tar.gz", size: 10 } as const;
    await writeLastBackup({ ...ok, at: "2026-11-24T12:00:01Z" });
    expect(await getBackupWarning(["admin"], NOW)).toBeNull();
    await writeLastBackup({ ...ok, at: "2026-11-24T11:59:59Z" });
    expect(await getBackupWarning(["admin"], NOW)).toEqual({
      reason: "old",
      at: "2026-11-24T11:59:59Z",
    });

    await writeLastBackup({
      ok: false,
      kind: "nuit",
      at: "2026-11-26T02:00:00Z",
      reason: "ENOSPC: no space left on device",
    });
    expect(await getBackupWarning(["admin"], NOW)).toEqual({
      reason: "failed",
      at: "2026-11-26T02:00:00Z",
      detail: "ENOSPC: no space left on device",
    });
  });

  it("is in the admin's dashboard, not in another volunteer's", async () => {
    await writeLastBackup({
      ok: false,
      kind: "manuelle",
      at: NOW.toISOString(),
      reason: "disque plein",
    });
    const read = async (role: "admin" | "coach" | "redaction") => {
      const { cookie } = await signIn(
        await createUser(`tableau-${role}`, "mot-de-passe", { roles: [role] }),
      );
      return (
        (await callRoute(loader, getRequest("/admin/dashboard", { cookie }))).data as {
          backupWarning: unknown;
        }
      ).backupWarning;
    };
    expect(await read("admin")).toMatchObject({ reason: "failed", detail: "disque plein" });
    expect(await read("coach")).toBeNull();
    expect(await read("redaction")).toBeNull();
  });
});
