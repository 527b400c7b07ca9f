import { Link } from "react-router";
import { getDashboardCounts } from "~/models/dashboard.server";
import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord | Administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { counts: await getDashboardCounts() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards = [
    { title: "Disciplines", value: counts.disciplines },
    { title: "Formats d'entraînement", value: counts.trainingFormats },
    { title: "Événements", value: counts.events },
    { title: "Messages", value: counts.messages },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-ink">Tableau de bord</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.title} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <h2 className="text-sm font-semibold text-gray-700">{card.title}</h2>
            <p className="mt-2 text-3xl font-bold text-teal-dark">{card.value}</p>
          </li>
        ))}
      </ul>
      <section className="mt-10">
        <h2 className="text-lg font-bold text-ink">Accès rapide</h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          <li>
            <Link
              to="/admin/settings/account"
              className="inline-block rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-ink hover:border-teal-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
            >
              Changer le mot de passe
            </Link>
          </li>
          <li>
            <a
              href="/"
              className="inline-block rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-ink hover:border-teal-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
            >
              Voir le site
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
