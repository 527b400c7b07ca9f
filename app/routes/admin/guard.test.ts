/*
 * Every loader and action of the back office refuses an anonymous visitor, module by
 * module: React Router runs a child's loader without its layout's, so each one must
 * call its guard (requireCapability or requireUser) itself. New admin screens are found in app/routes.ts automatically.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_ROUTES, databaseSnapshot } from "../../../tests/admin-routes";
import { callRoute, ORIGIN } from "../../../tests/auth";

const found = ADMIN_ROUTES;

const anonymous = [
  { name: "no cookie", headers: {} as Record<string, string> },
  { name: "an unknown session id", headers: { Cookie: `__session=${"x".repeat(43)}` } },
];

describe("admin guard", () => {
  it("finds the admin modules declared in app/routes.ts", () => {
    const files = new Set(found.map((route) => route.file));
    for (const file of [
      "routes/admin/layout.tsx",
      "routes/admin/dashboard/dashboard.tsx",
      "routes/admin/volunteers/account.tsx",
    ]) {
      expect(files).toContain(file);
    }
    expect(found.map((route) => route.url)).toEqual(
      expect.arrayContaining(["/admin", "/admin/dashboard", "/admin/settings/account"]),
    );
  });

  for (const route of found) {
    describe(`${route.file} at ${route.url}`, () => {
      for (const visitor of anonymous) {
        it(`refuses a visitor with ${visitor.name}`, async () => {
          const module = await import(/* @vite-ignore */ path.resolve("app", route.file));
          expect(module.default ?? module.loader ?? module.action).toBeDefined();

          if (module.loader) {
            const request = new Request(`${ORIGIN}${route.url}?onglet=2`, {
              headers: visitor.headers,
            });
            const answer = await callRoute(module.loader, request);
            expect(answer.status, "loader").toBe(302);
            const location = new URL(answer.headers.get("location") ?? "", ORIGIN);
            expect(location.pathname).toBe("/admin/login");
            expect(location.searchParams.get("redirectTo")).toBe(`${route.url}?onglet=2`);
          }

          if (module.action) {
            // Each method must leave the database as it found it: one snapshot serves them all.
            const before = await databaseSnapshot();
            for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
              const request = new Request(`${ORIGIN}${route.url}`, {
                method,
                headers: {
                  ...visitor.headers,
                  "Content-Type": "application/x-www-form-urlencoded",
                },
                body: new URLSearchParams({ intent: "delete", id: "1", title: "x" }),
              });
              const answer = await callRoute(module.action, request);
              const toLogin = answer.headers.get("location")?.startsWith("/admin/login");
              expect(
                [401, 403].includes(answer.status) || (answer.status === 302 && toLogin),
                `${method} answered ${answer.status}`,
              ).toBe(true);
              expect(await databaseSnapshot()).toEqual(before);
            }
          }
        });
      }
    });
  }
});
