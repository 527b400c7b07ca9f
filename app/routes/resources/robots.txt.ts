import { siteOrigin } from "~/utils/feeds.server";
import type { Route } from "./+types/robots.txt";

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    // A household's membership file and renewal links (issue 34).
    "Disallow: /adhesion/dossier/",
    "Disallow: /adhesion/renouveler/",
    "",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
