import { startFakeHelloAsso } from "./fake-server";

/*
 * The fake HelloAsso as a process, for Playwright's webServer:
 *   FAKE_HELLOASSO_PORT=3299 npx tsx tests/helloasso/run-fake-server.ts
 * Optional: FAKE_HELLOASSO_SLUG, FAKE_HELLOASSO_CLIENT_ID, FAKE_HELLOASSO_CLIENT_SECRET.
 * Ready when GET /_fake/state answers 200; prints nothing but errors; stops on SIGTERM.
 */

const port = Number(process.env.FAKE_HELLOASSO_PORT ?? "0");
if (!Number.isInteger(port) || port < 0) {
  console.error(
    `FAKE_HELLOASSO_PORT must be a port number, not ${process.env.FAKE_HELLOASSO_PORT}`,
  );
  process.exit(1);
}

const fake = await startFakeHelloAsso({
  port,
  organizationSlug: process.env.FAKE_HELLOASSO_SLUG || undefined,
  clientId: process.env.FAKE_HELLOASSO_CLIENT_ID || undefined,
  clientSecret: process.env.FAKE_HELLOASSO_CLIENT_SECRET || undefined,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    fake.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
