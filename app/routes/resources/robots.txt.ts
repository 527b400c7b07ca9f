import { getClubOrigin } from "~/core/site-address.server";

export async function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    // A household's membership file and renewal links: private, one household's each.
    "Disallow: /adhesion/dossier/",
    "Disallow: /adhesion/renouveler/",
    "",
    `Sitemap: ${await getClubOrigin()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
