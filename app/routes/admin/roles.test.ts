/*
 * Every loader and action of the back office × every role: allowed, or 403 with nothing
 * changed (docs/decisions/017-roles-and-capabilities.md). The modules come from
 * app/routes.ts: a new admin screen missing from NEEDS fails here until its capability
 * is written down, so none can be forgotten.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTES, databaseSnapshot } from "../../../tests/admin-routes";
import { callRoute, createUser, ORIGIN, signIn } from "../../../tests/auth";
import { canAny, type Capability, ROLES, type Role } from "~/domains/volunteers/capabilities";
import { SENT_MAIL_CAPABILITIES } from "~/domains/mail/kinds";

/** "user": every signed-in volunteer; else any of these capabilities. */
type Need = "user" | readonly Capability[];

const CONTENT = { loader: ["content"], action: ["content"] } as const;

const NEEDS: Record<string, { loader?: Need; action?: Need }> = {
  "routes/admin/layout.tsx": { loader: "user" },
  "routes/admin/dashboard/dashboard.tsx": { loader: "user" },
  "routes/admin/volunteers/account.tsx": { loader: "user", action: "user" },
  "routes/admin/content/content.tsx": CONTENT,
  "routes/admin/content/menu.tsx": CONTENT,
  "routes/admin/content/settings.tsx": CONTENT,
  "routes/admin/content/blog.tsx": CONTENT,
  "routes/admin/content/blog-preview.tsx": { loader: ["content"] },
  "routes/admin/content/media.tsx": CONTENT,
  "routes/admin/content/media-images.ts": { loader: ["content", "schedule"] },
  "routes/admin/content/upload.ts": { action: ["content", "schedule", "registrations"] },
  "routes/admin/content/disciplines.tsx": CONTENT,
  "routes/admin/content/training.tsx": CONTENT,
  "routes/admin/content/pages.tsx": CONTENT,
  "routes/admin/schedule/schedule.tsx": { loader: ["schedule"], action: ["schedule"] },
  "routes/admin/content/inscriptions.tsx": { loader: ["registrations"], action: ["registrations"] },
  "routes/admin/content/prices.tsx": { loader: ["registrations"], action: ["registrations"] },
  // The sent mails are every role's, each reading its own kinds (sent-mails.test.ts).
  "routes/admin/messages/messages.tsx": {
    loader: ["messages", ...SENT_MAIL_CAPABILITIES],
    action: ["messages", ...SENT_MAIL_CAPABILITIES],
  },
  "routes/admin/trials/trials.tsx": { loader: ["trials.view"], action: ["trials.manage"] },
  "routes/admin/trials/trials-csv.ts": { loader: ["trials.view"] },
  "routes/admin/volunteers/volunteers.tsx": { loader: ["admin"], action: ["admin"] },
  "routes/admin/history/journal.tsx": { loader: "user" },
  "routes/admin/history/trash.tsx": {
    loader: ["content", "schedule", "registrations"],
    action: ["content", "schedule", "registrations"],
  },
  "routes/admin/backups/backups.tsx": { loader: ["admin"], action: ["admin"] },
  "routes/admin/helloasso/helloasso-settings.tsx": { loader: ["admin"], action: ["admin"] },
  // Membership: seasons and tariffs, the figures, the exports.
  "routes/admin/membership/membership-seasons.tsx": {
    loader: ["registrations"],
    action: ["registrations"],
  },
  "routes/admin/membership/membership-season.tsx": {
    loader: ["registrations"],
    action: ["registrations"],
  },
  "routes/admin/membership/membership-figures.tsx": { loader: ["registrations"] },
  "routes/admin/membership/membership-export.ts": { loader: ["registrations"] },
  "routes/admin/backups/backup-download.ts": { loader: ["admin"] },
  "routes/admin/membership/membership-files.tsx": { loader: ["registrations"] },
  "routes/admin/membership/membership-file.tsx": {
    loader: ["registrations"],
    action: ["registrations"],
  },
  "routes/admin/membership/membership-member.tsx": {
    loader: ["registrations"],
    action: ["registrations"],
  },
  "routes/admin/membership/membership-cheques.tsx": {
    loader: ["registrations"],
    action: ["registrations"],
  },
  "routes/admin/membership/membership-cheques-csv.ts": { loader: ["registrations"] },
  "routes/admin/membership/membership-attestation.ts": { loader: ["registrations"] },
  // Then the capability of the item's editor (history.test.ts).
  "routes/admin/history/history.ts": {
    loader: ["content", "schedule", "registrations"],
    action: ["content", "schedule", "registrations"],
  },
};

function allows(need: Need, role: Role): boolean {
  return need === "user" || canAny([role], need);
}

const cookies = new Map<Role, string>();

beforeAll(async () => {
  for (const role of ROLES) {
    const userId = await createUser(`probe-${role}`, "mot-de-passe-sonde", { roles: [role] });
    cookies.set(role, (await signIn(userId)).cookie);
  }
});

describe("roles × admin routes", () => {
  it("knows what every admin module of app/routes.ts needs", () => {
    const files = [...new Set(ADMIN_ROUTES.map((route) => route.file))].sort();
    expect(files).toEqual(Object.keys(NEEDS).sort());
  });

  for (const route of ADMIN_ROUTES) {
    const needs = NEEDS[route.file];
    if (!needs) continue;
    describe(`${route.file} at ${route.url}`, () => {
      it("has a loader and an action exactly where a capability is written down", async () => {
        const module = await import(/* @vite-ignore */ path.resolve("app", route.file));
        expect(Boolean(module.loader), "loader").toBe(needs.loader !== undefined);
        expect(Boolean(module.action), "action").toBe(needs.action !== undefined);
      });

      for (const role of ROLES) {
        it(`${role}: ${describeNeeds(needs, role)}`, async () => {
          const module = await import(/* @vite-ignore */ path.resolve("app", route.file));
          const cookie = cookies.get(role)!;
          if (needs.loader) {
            const answer = await callRoute(
              module.loader,
              new Request(`${ORIGIN}${route.url}`, { headers: { Cookie: cookie } }),
            );
            if (allows(needs.loader, role)) {
              expect([401, 403], `loader answered ${answer.status}`).not.toContain(answer.status);
            } else {
              expect(answer.status, "loader").toBe(403);
              expect(answer.data).toContain("Accès refusé");
            }
          }
          if (needs.action) {
            const allowed = allows(needs.action, role);
            const before = await databaseSnapshot();
            // A forbidden role posts what would change something; an allowed one posts a
            // request no action acts on, so the probes leave the data for the next ones.
            const fields: Record<string, string> = allowed
              ? { intent: "sonde" }
              : { intent: "delete", id: "1", ids: "1", title: "x", status: "cancelled" };
            const answer = await callRoute(
              module.action,
              new Request(`${ORIGIN}${route.url}`, {
                method: "POST",
                headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
                body: new URLSearchParams(fields),
              }),
            );
            if (allowed) {
              expect([401, 403], `action answered ${answer.status}`).not.toContain(answer.status);
            } else {
              expect(answer.status, "action").toBe(403);
              expect(await databaseSnapshot()).toEqual(before);
            }
          }
        });
      }
    });
  }
});

function describeNeeds(needs: { loader?: Need; action?: Need }, role: Role): string {
  const parts: string[] = [];
  if (needs.loader) parts.push(`page ${allows(needs.loader, role) ? "allowed" : "403"}`);
  if (needs.action) parts.push(`action ${allows(needs.action, role) ? "allowed" : "403"}`);
  return parts.join(", ");
}
