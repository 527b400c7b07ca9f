import { isDatabaseHealthy } from "~/startup/startup.server";

export async function loader() {
  const healthy = await isDatabaseHealthy();
  return new Response(healthy ? "ok" : "base de données indisponible", {
    status: healthy ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
