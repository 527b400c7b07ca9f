import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getImageVariants } from "./variants.server";

const created_at = new Date().toISOString();

it("answers the variants of stored URLs, and nothing for prototype names", async () => {
  await getDb()
    .insertInto("image_variants")
    .values([
      {
        source_url: "/uploads/a.jpg",
        url: "/uploads/a-480.webp",
        format: "webp",
        width: 480,
        height: 320,
        created_at,
      },
      {
        source_url: "__proto__",
        url: "/uploads/p-480.webp",
        format: "webp",
        width: 480,
        height: 320,
        created_at,
      },
    ])
    .execute();
  const variants = await getImageVariants({
    urls: ["/uploads/a.jpg", "__proto__", "constructor", "valueOf"],
  });
  expect(variants["/uploads/a.jpg"]?.map((v) => v.url)).toEqual(["/uploads/a-480.webp"]);
  expect(variants["constructor"]).toBeUndefined();
  expect(variants["valueOf"]).toBeUndefined();
  expect(Object.getPrototypeOf(variants)).toBeNull();
  expect(Object.keys(variants).sort()).toEqual(["/uploads/a.jpg", "__proto__"]);
});
