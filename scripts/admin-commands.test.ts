import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BACKUP_TABLES } from "~/domains/backups/tables.server";
import { getDb } from "~/db/client.server";
import { MIGRATIONS } from "~/db/migrate.server";
import { verifyLogin } from "~/domains/volunteers/user.server";
import { createUser, signIn } from "../tests/auth";
import { confirmEnrolment, startEnrolment } from "~/domains/volunteers/two-factor.server";
import { totpCode } from "~/domains/volunteers/totp.server";
import {
  backupCommand,
  CommandError,
  formatSize,
  resetPassword,
  resetUserTwoFactor,
  restoreCommand,
  unlockUser,
  verifyCommand,
} from "./admin-commands";

/** n recent login failures for the username, each from its own address. */
async function failLogins(username: string, n: number) {
  await getDb()
    .insertInto("login_attempts")
    .values(
      Array.from({ length: n }, (_, i) => ({
        ip: `198.51.100.${i}`,
        username,
        succeeded: 0,
        attempted_at: new Date().toISOString(),
      })),
    )
    .execute();
}

const failuresOf = async (username: string) =>
  (
    await getDb()
      .selectFrom("login_attempts")
      .select("id")
      .where("username", "=", username)
      .execute()
  ).length;

describe("reset-password", () => {
  it("sets the new password and ends every session of that user only", async () => {
    const userId = await createUser("coach", "ancien-mdp");
    const otherId = await createUser("secretaire", "son-mdp");
    await signIn(userId);
    await signIn(userId);
    const kept = await signIn(otherId);

    await failLogins("coach", 7);
    await failLogins("secretaire", 2);

    expect(await resetPassword({ username: "coach", password: "nouveau-mdp" })).toEqual({
      endedSessions: 2,
      clearedFailures: 7,
    });
    expect(await failuresOf("coach")).toBe(0);
    expect(await failuresOf("secretaire")).toBe(2);
    expect(await verifyLogin({ username: "coach", password: "nouveau-mdp" })).not.toBeNull();
    expect(await verifyLogin({ username: "coach", password: "ancien-mdp" })).toBeNull();
    const sessions = await getDb().selectFrom("sessions").select("id").execute();
    expect(sessions.map((s) => s.id)).toEqual([kept.storedId]);
  });

  it("refuses an unknown user with a French message", async () => {
    await expect(resetPassword({ username: "personne", password: "nouveau-mdp" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });

  it("refuses a password under 6 characters and keeps the old one", async () => {
    await createUser("tresorier", "ancien-mdp");
    await expect(resetPassword({ username: "tresorier", password: "abcde" })).rejects.toThrow(
      "Le mot de passe doit contenir au moins 6 caractères.",
    );
    expect(await verifyLogin({ username: "tresorier", password: "ancien-mdp" })).not.toBeNull();
  });
});

describe("unlock", () => {
  it("clears the user's login failures from every address, and nothing else", async () => {
    const userId = await createUser("entraineur", "son-mdp-1");
    const session = await signIn(userId);
    await failLogins("entraineur", 9);
    await failLogins("autre", 3);

    expect(await unlockUser({ username: "entraineur" })).toEqual({ clearedFailures: 9 });
    expect(await failuresOf("entraineur")).toBe(0);
    expect(await failuresOf("autre")).toBe(3);
    expect(await verifyLogin({ username: "entraineur", password: "son-mdp-1" })).not.toBeNull();
    const sessions = await getDb().selectFrom("sessions").select("id").execute();
    expect(sessions.map((s) => s.id)).toContain(session.storedId);
  });

  it("refuses an unknown user with a French message", async () => {
    await expect(unlockUser({ username: "personne" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });
});

describe("reset-2fa", () => {
  it("removes the second factor and recovery codes, ends the sessions, tells the journal", async () => {
    const userId = await createUser("perdu", "son-mdp", { roles: ["admin"] });
    const secret = (await startEnrolment({ userId }))!;
    const actor = { userId, username: "perdu", ip: "" };
    expect(await confirmEnrolment({ userId, code: totpCode(secret), actor })).toHaveLength(10);
    await signIn(userId);
    await signIn(userId);

    expect(await resetUserTwoFactor({ username: "perdu" })).toEqual({ endedSessions: 2 });
    const user = await getDb()
      .selectFrom("users")
      .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    const codes = await getDb()
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(codes).toEqual([]);
    const sessions = await getDb()
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(sessions).toEqual([]);
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "user_id", "username", "item_label"])
      .where("action", "=", "2fa.reset")
      .execute();
    expect(journal).toEqual([
      { action: "2fa.reset", user_id: null, username: "serveur", item_label: "perdu" },
    ]);
  });

  it("refuses an unknown user", async () => {
    await expect(resetUserTwoFactor({ username: "personne" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });
});

describe("backup, verify, restore --dry-run", () => {
  const location = () => ({
    databaseUrl: process.env.TEST_DATABASE_URL || null,
    dataDir: process.env.DATA_DIR!,
  });
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cli-"));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it("backup writes the archive and says what it holds and what it left out", async () => {
    await createUser("archiviste", "son-mdp-1");
    const outFile = path.join(outDir, "club.tar.gz");
    const lines = await backupCommand({ outFile, withSecrets: false, location: location() });
    expect(lines[0]).toMatch(/^Sauvegarde écrite : .*club\.tar\.gz \(\d+(,\d)? Ko\)\.$/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Contenu : sauvegarde du .* \\((sqlite|postgres), migration ${Object.keys(MIGRATIONS).at(-1)}\\) : \\d+ lignes dans ${BACKUP_TABLES.length} tables, 0 fichiers envoyés\\.$`,
      ),
    );
    expect(lines[2]).toContain("Secrets laissés de côté : secrets/form-secret, secrets/secret-key");
    expect(await verifyCommand(outFile)).toEqual([
      expect.stringMatching(/^Archive intacte : sauvegarde du /),
    ]);
  });

  it("--with-secrets puts DATA_DIR's secrets in the archive", async () => {
    fs.writeFileSync(path.join(location().dataDir, "form-secret"), "f".repeat(64));
    fs.writeFileSync(path.join(location().dataDir, "secret-key"), "k".repeat(64));
    const outFile = path.join(outDir, "secrets.tar.gz");
    const lines = await backupCommand({ outFile, withSecrets: true, location: location() });
    expect(lines[2]).toBe("Secrets inclus : gardez cette archive à l'abri.");
    const dry = await restoreCommand(outFile, { dryRun: true, location: location() });
    expect(dry[0]).toMatch(/^Essai à blanc : rien n'a été modifié\./);
    expect(dry).toContainEqual(expect.stringMatching(/^ {2}users : \d+$/));
    expect(dry.at(-1)).toBe("Secrets : form-secret, secret-key.");
    expect(fs.readFileSync(path.join(location().dataDir, "secret-key"), "utf8")).toBe(
      "k".repeat(64),
    );
  });

  it("refuses a file that is no backup with a French message", async () => {
    const junk = path.join(outDir, "junk.tar.gz");
    fs.writeFileSync(junk, "rien");
    await expect(verifyCommand(junk)).rejects.toThrow(CommandError);
    await expect(restoreCommand(junk, { dryRun: true, location: location() })).rejects.toThrow(
      /^Archive illisible/,
    );
    await expect(verifyCommand(path.join(outDir, "absent.tar.gz"))).rejects.toThrow(
      "Fichier introuvable",
    );
  });

  it("runs as an operator types it: npm run admin -- verify, in French, exit code 1", async () => {
    const junk = path.join(outDir, "tapee.tar.gz");
    fs.writeFileSync(junk, "rien");
    const answer = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile("npm", ["run", "-s", "admin", "--", "verify", junk], (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
      );
    });
    expect(answer.code).toBe(1);
    expect(answer.output).toContain("Archive illisible");
  }, 60_000);

  it("formats sizes as an operator reads them", () => {
    expect([formatSize(512), formatSize(1536), formatSize(5 * 1024 ** 3)]).toEqual([
      "512 o",
      "1,5 Ko",
      "5,0 Go",
    ]);
  });
});
