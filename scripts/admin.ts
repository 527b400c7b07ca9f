/*
 * Operator commands, run on the server's own database (DATA_DIR / DATABASE_URL):
 *   npm run admin -- reset-password <username>   new password, sessions ended, failures cleared
 *   npm run admin -- unlock <username>           login failures cleared, nothing else
 *   npm run admin -- reset-2fa <username>        second factor removed, sessions ended
 * The new password comes from ADMIN_PASSWORD, or is asked twice on the terminal.
 *   npm run admin -- backup [--out FILE] [--with-secrets]   one archive (docs/decisions/019-backup-archive.md)
 *   npm run admin -- verify FILE                            every check of a restore, nothing touched
 *   npm run admin -- restore FILE [--dry-run]               the server stopped
 */
import { parseArgs } from "node:util";
import readline from "node:readline";
import { getDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import {
  backupCommand,
  checkNewPassword,
  CommandError,
  requireUser,
  resetPassword,
  resetUserTwoFactor,
  restoreCommand,
  unlockUser,
  verifyCommand,
} from "./admin-commands";

const USAGE = [
  "Usage : npm run admin -- reset-password <nom d'utilisateur>",
  "        npm run admin -- unlock <nom d'utilisateur>",
  "        npm run admin -- reset-2fa <nom d'utilisateur>",
  "        npm run admin -- backup [--out FICHIER] [--with-secrets]",
  "        npm run admin -- verify FICHIER",
  "        npm run admin -- restore FICHIER [--dry-run]",
].join("\n");

/** backup, verify and restore: their own options, their own connections. */
async function backupCommands(command: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      "with-secrets": { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
    },
  });
  const file = positionals[0];
  let lines: string[];
  if (command === "backup" && positionals.length === 0) {
    // The tables as the code knows them: the data brought to its level first.
    const db = getDb();
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    lines = await backupCommand({ outFile: values.out, withSecrets: values["with-secrets"] });
  } else if (command === "verify" && file && positionals.length === 1) {
    lines = await verifyCommand(file);
  } else if (command === "restore" && file && positionals.length === 1) {
    lines = await restoreCommand(file, { dryRun: values["dry-run"] });
  } else {
    console.error(USAGE);
    return 2;
  }
  for (const line of lines) console.log(line);
  return 0;
}

let pipedLines: AsyncIterator<string> | undefined;

/** Reads a line without echoing it (or a plain line when stdin is not a terminal). */
async function askHidden(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    pipedLines ??= readline.createInterface({ input: stdin })[Symbol.asyncIterator]();
    const line = await pipedLines.next();
    process.stdout.write("\n");
    return line.done ? "" : line.value;
  }
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    function onData(chunk: string) {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new CommandError("Annulé."));
        if (char === "\u007f" || char === "\b") value = Array.from(value).slice(0, -1).join("");
        else value += char;
      }
    }
    stdin.on("data", onData);
  });
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await askHidden("Nouveau mot de passe : ");
  checkNewPassword(first);
  const second = await askHidden("Confirmez le mot de passe : ");
  if (first !== second) throw new CommandError("Les mots de passe ne correspondent pas.");
  return first;
}

async function main(args: string[]): Promise<number> {
  const [command, username] = args;
  if (command === "backup" || command === "verify" || command === "restore") {
    try {
      return await backupCommands(command, args.slice(1));
    } catch (error) {
      if (!(error instanceof CommandError) && !(error instanceof TypeError && "code" in error))
        throw error;
      console.error(error.message);
      return error instanceof CommandError ? 1 : 2;
    }
  }
  const commands = ["reset-password", "unlock", "reset-2fa"];
  if (!commands.includes(command ?? "") || !username) {
    console.error(USAGE);
    return 2;
  }
  const db = getDb();
  try {
    await migrateToLatest(db);
    if (command === "unlock") {
      const { clearedFailures } = await unlockUser({ username });
      console.log(`« ${username} » débloqué. Échecs de connexion effacés : ${clearedFailures}.`);
      return 0;
    }
    if (command === "reset-2fa") {
      const { endedSessions } = await resetUserTwoFactor({ username });
      console.log(
        `Double authentification de « ${username} » supprimée. Sessions ouvertes fermées : ` +
          `${endedSessions}. À la prochaine connexion, un rôle qui l'exige la réactivera.`,
      );
      return 0;
    }
    await requireUser(username);
    const password = await newPassword();
    const { endedSessions, clearedFailures } = await resetPassword({ username, password });
    console.log(
      `Mot de passe de « ${username} » modifié. Sessions ouvertes fermées : ${endedSessions}. ` +
        `Échecs de connexion effacés : ${clearedFailures}.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
