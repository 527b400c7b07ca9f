import { Form, isRouteErrorResponse, Link, Outlet } from "react-router";
import { getSettings } from "~/models/settings.server";
import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Administration" },
  { name: "robots", content: "noindex" },
];

// NOTE: this guard protects this loader's data only; each child route calls
// requireAdmin itself (app/routes/admin/guard.test.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const general = await getSettings({ category: "general" });
  return { username: admin.username, siteName: general.siteName };
}

function TopBar({ siteName, username }: { siteName?: string; username?: string }) {
  return (
    <header className="bg-ink text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link
          to="/admin/dashboard"
          className="rounded font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal"
        >
          Administration
        </Link>
        {siteName && <span className="text-sm text-gray-300">{siteName}</span>}
        <div className="ml-auto flex items-center gap-3">
          {username && <span className="text-sm text-gray-300">{username}</span>}
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-md border border-white/40 px-3 py-1.5 text-sm font-semibold hover:bg-white hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal"
            >
              Se déconnecter
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-gray-50">
      <TopBar siteName={loaderData.siteName} username={loaderData.username} />
      <main className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expired = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  return (
    <div className="min-h-screen bg-gray-50">
      <TopBar />
      <main className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-ink">
          {expired ? "Session expirée" : "Une erreur est survenue"}
        </h1>
        <p className="mt-2 text-gray-700">
          {expired
            ? "Reconnectez-vous pour continuer : rien n'a été enregistré."
            : "Réessayez dans un instant."}
        </p>
        <Link
          to={expired ? "/admin/login" : "/admin/dashboard"}
          className="mt-4 inline-block font-semibold text-teal-dark underline"
        >
          {expired ? "Se connecter" : "Retour au tableau de bord"}
        </Link>
      </main>
    </div>
  );
}
