import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getImageVariants, getThumbnails } from "./variants.server";

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

it("gives a list's thumbnail: the smallest WebP variant, else the image itself", async () => {
  await getDb()
    .insertInto("image_variants")
    .values(
      [960, 480].flatMap((width) =>
        (["avif", "webp"] as const).map((format) => ({
          source_url: "/uploads/b.jpg",
          url: `/uploads/b-${width}.${format}`,
          format,
          width,
          height: width / 2,
          created_at,
        })),
      ),
    )
    .execute();
  const thumbnails = await getThumbnails({ urls: ["/uploads/b.jpg", "/images/c.jpg", null, ""] });
  expect({ ...thumbnails }).toEqual({
    "/uploads/b.jpg": "/uploads/b-480.webp",
    "/images/c.jpg": "/images/c.jpg",
  });
});
