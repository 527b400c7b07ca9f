import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import { cycleThrough, direction } from "./layers.js";

// RuleTester reports through the test framework's hooks.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const root = path.resolve(import.meta.dirname, "..");
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

// A planted import that climbs a layer is refused; the imports the layers allow pass.
tester.run("layers/direction", direction, {
  valid: [
    {
      filename: at("app/domains/trials/x.server.ts"),
      code: `import { a } from "~/core/club-time";`,
    },
    {
      filename: at("app/domains/trials/x.server.ts"),
      code: `import { a } from "./trial-booking.server";`,
    },
    {
      filename: at("app/domains/trials/x.server.ts"),
      code: `import { a } from "~/domains/schedule/index.server";`,
    },
    {
      filename: at("app/routes/admin/x.tsx"),
      code: `import { a } from "~/domains/schedule/schedule.server";`,
    },
    {
      filename: at("app/components/admin/x.tsx"),
      code: `import { a } from "~/domains/history/activity";`,
    },
    { filename: at("app/domains/trials/x.test.ts"), code: `import { a } from "~/routes/admin/x";` },
  ],
  invalid: [
    {
      filename: at("app/core/x.ts"),
      code: `import { a } from "~/domains/trials/trial-schema";`,
      errors: 1,
    },
    {
      filename: at("app/db/x.ts"),
      code: `import { a } from "../components/ui/button";`,
      errors: 1,
    },
    {
      filename: at("app/utils/x.ts"),
      code: `import { a } from "~/routes/admin/layout";`,
      errors: 1,
    },
    {
      filename: at("app/domains/trials/x.ts"),
      code: `import { a } from "~/components/ui/button";`,
      errors: 1,
    },
    {
      filename: at("app/domains/trials/x.ts"),
      code: `import type { a } from "~/routes/admin/layout";`,
      errors: 1,
    },
    {
      filename: at("app/domains/trials/x.server.ts"),
      code: `import { a } from "~/domains/schedule/schedule.server";`,
      errors: 1,
    },
    {
      filename: at("app/domains/trials/x.server.ts"),
      code: `export { a } from "../membership/submit.server";`,
      errors: 1,
    },
  ],
});

describe("layers/no-cycle", () => {
  const edges = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts"]],
    ["d.ts", ["a.ts"]],
  ]);

  it("finds the way back to a file through its imports", ({ expect }) => {
    expect(cycleThrough("a.ts", "b.ts", edges)).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
    expect(cycleThrough("d.ts", "a.ts", edges)).toBeNull();
  });
});
