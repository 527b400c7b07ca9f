import { CheckCircle2, ChevronRight, ListTodo } from "lucide-react";
import { Link } from "react-router";
import type { ClubTodo } from "~/domains/dashboard/club-todo.server";
import { DashboardCard } from "./dashboard-card";

/*
 * The dashboard's « À faire » (app/domains/dashboard/club-todo.server.ts): what the site still waits
 * for from the club, each line opening the screen that settles it.
 */
export function ClubTodoCard({ items }: { items: ClubTodo[] }) {
  return (
    <DashboardCard
      id="a-faire"
      title="À faire"
      icon={{ Icon: ListTodo, color: "text-gold-dark" }}
      className="mt-8"
    >
      {items.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-gray-700">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
          Tout est en place : le site n'attend plus rien du club.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {items.map((item) => (
            <li key={item.label}>
              <Link
                to={item.href}
                className="group flex min-h-12 items-center gap-3 rounded-md px-2 py-2.5 hover:bg-teal-light/50"
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold text-ink underline decoration-teal decoration-2 underline-offset-4 group-hover:text-teal-dark">
                    {item.label}
                  </span>
                  {item.detail ? (
                    <span className="mt-0.5 text-sm text-gray-700">{item.detail}</span>
                  ) : null}
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-gray-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
