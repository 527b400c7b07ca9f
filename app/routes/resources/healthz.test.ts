import { describe, it, expect } from "vitest";
import { createDatabase, getDb, setDb } from "~/db/client.server";
import { loader } from "./healthz";

describe("/healthz loader", () => {
  it("answers 200 « ok » when the database works", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 when the database connection is closed", async () => {
    const original = getDb();
    // A second handle on the same, migrated database: only its closing can make it fail.
    const second = createDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL || null,
      dataDir: process.env.DATA_DIR!,
    });
    setDb(second);
    try {
      // Used once first: Kysely's destroy() is a no-op on a handle that never connected.
      expect((await loader()).status).toBe(200);
      await second.destroy();

      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.text()).toBe("base de données indisponible");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      setDb(original);
    }
    // The original database is back and healthy.
    expect((await loader()).status).toBe(200);
  });
});
