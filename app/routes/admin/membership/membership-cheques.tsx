import { Download, Landmark, Printer } from "lucide-react";
import { useRef } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { ListResults } from "~/components/admin/list/list-results";
import { FilterLinks } from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { formatNumericDate } from "~/core/date-format";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Button } from "~/components/ui/button";
import { countLabel, readPage } from "~/utils/list-params";
import { monthLabel } from "~/domains/membership/membership-form";
import { formatEuros } from "~/core/money";
import { actorOf } from "~/domains/history/activity-log.server";
import {
  chequesToDeposit,
  depositSlip,
  markDeposited,
  monthsToDeposit,
  recentSlips,
  type ChequeRow,
} from "~/domains/membership/cheques.server";
import { DeskError } from "~/domains/membership/desk.server";
import { adminMeta } from "~/utils/admin-route";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId, readForm } from "~/core/form";
import { getClientIp } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";
import type { Route } from "./+types/membership-cheques";

/*
 * /admin/adhesions/cheques « Chèques à déposer »: the received cheques by month to cash
 * (?mois=2026-10 for one), each month's count and total, a page of cheques at a time; the
 * ones ticked are marked deposited together, which makes the deposit slip (?remise=<stamp>)
 * shown below, printable and as CSV.
 */

const MONTH_PARAM = "mois";

export const meta: Route.MetaFunction = () => adminMeta("Chèques à déposer");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const params = new URL(request.url).searchParams;
  const stamp = params.get("remise") ?? "";
  const months = await monthsToDeposit();
  const asked = params.get(MONTH_PARAM);
  const month = months.some((m) => m.month === asked && asked !== "") ? asked : null;
  return {
    months,
    month,
    cheques: await chequesToDeposit({ month, page: readPage(params) }),
    slips: await recentSlips(),
    slip: stamp ? { stamp, cheques: await depositSlip(stamp) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireCapability(request, "registrations");
  const form = await readForm(request);
  const fail = (message: string) =>
    toastResult({ type: "error", message }, { error: message }, 400);
  if (form.get("intent") !== "deposit") return fail("Action inconnue");
  const ids = form.getAll("ids").map((value) => positiveId(value));
  if (ids.some((id) => id === null)) return fail("Un des chèques cochés n'existe pas.");
  try {
    const stamp = await markDeposited(actorOf(session, getClientIp(context)), ids as number[]);
    return redirect(`/admin/adhesions/cheques?remise=${encodeURIComponent(stamp)}#bordereau`);
  } catch (caught) {
    if (caught instanceof DeskError) return fail(caught.message);
    throw caught;
  }
}

/** The page prints the slip alone: everything else is hidden on paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-slip], [data-print-slip] * { visibility: visible; }
  [data-print-slip] { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; border: 0; }
  [data-print-hide] { display: none !important; }
}`;

function total(rows: readonly ChequeRow[]) {
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

const chequeCount = (count: number) => countLabel(count, "chèque");

/** The page's cheques under their months' headings (a month's count and total are whole). */
function byMonth(rows: readonly ChequeRow[]) {
  const months = new Map<string, ChequeRow[]>();
  for (const row of rows) months.set(row.dueMonth, [...(months.get(row.dueMonth) ?? []), row]);
  return [...months];
}

export default function MembershipCheques({ loaderData }: Route.ComponentProps) {
  const { months, month, cheques, slips, slip } = loaderData;
  const answer = useActionData<typeof action>();
  useActionToast(answer);
  const navigation = useNavigation();
  const count = months.reduce((sum, m) => sum + m.count, 0);
  const monthOf = new Map(months.map((m) => [m.month, m]));
  const form = useRef<HTMLFormElement>(null);
  const tickAll = () => {
    for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) {
      box.checked = true;
    }
  };
  return (
    <>
      <style>{PRINT_CSS}</style>
      <AdminPageHeader
        title="Chèques à déposer"
        description="Les chèques reçus au club et pas encore remis en banque, par mois d'encaissement."
        actions={
          count > 0 ? (
            <a
              href="/admin/adhesions/cheques/bordereau.csv"
              download
              className="btn btn-secondary btn-md"
            >
              <Download aria-hidden="true" className="size-4" />
              Exporter en CSV
            </a>
          ) : null
        }
      >
        <MembershipTabs />
      </AdminPageHeader>
      <div className="flex flex-col gap-6">
        {count === 0 ? (
          <ListEmpty icon={Landmark}>
            <p className="text-gray-700">Aucun chèque à déposer.</p>
          </ListEmpty>
        ) : (
          <Form ref={form} method="post" className="flex flex-col gap-6">
            <input type="hidden" name="intent" value="deposit" />
            <FilterLinks
              name={MONTH_PARAM}
              label="Mois d'encaissement"
              current={month}
              choices={[
                { value: null, label: "Tous les mois", count },
                ...months
                  .filter((m) => m.month !== "")
                  .map((m) => ({
                    value: m.month,
                    label: `${monthLabel(m.month)} · ${formatEuros(m.totalCents)}`,
                    count: m.count,
                  })),
              ]}
            />
            <ListResults
              page={cheques.page}
              pages={cheques.pages}
              summary={
                month
                  ? `${chequeCount(cheques.total)} en ${monthLabel(month)}`
                  : chequeCount(cheques.total)
              }
              label="Pages des chèques à déposer"
            >
              {byMonth(cheques.rows).map(([key, rows]) => {
                const whole = monthOf.get(key);
                return (
                  <section
                    key={key}
                    aria-labelledby={`mois-${key}`}
                    className="card flex flex-col gap-3 p-4"
                  >
                    <h2 id={`mois-${key}`} className="text-lg font-bold text-ink">
                      À encaisser en {key ? monthLabel(key) : "mois non indiqué"} ·{" "}
                      {chequeCount(whole?.count ?? rows.length)} ·{" "}
                      {formatEuros(whole?.totalCents ?? total(rows))}
                    </h2>
                    <ul className="flex flex-col divide-y divide-gray-200">
                      {rows.map((cheque) => (
                        <li key={cheque.id} className="py-2">
                          <label className="flex items-start gap-3">
                            <input
                              type="checkbox"
                              name="ids"
                              value={cheque.id}
                              className="mt-1 size-5 shrink-0"
                            />
                            <span className="flex flex-1 flex-col sm:flex-row sm:justify-between sm:gap-4">
                              <span>
                                <strong>n° {cheque.number}</strong> · {cheque.bank || "banque ?"} ·{" "}
                                {cheque.drawer}
                                <span className="text-sm text-gray-700"> ({cheque.reference})</span>
                              </span>
                              <span className="font-semibold tabular-nums">
                                {formatEuros(cheque.amountCents)}
                              </span>
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </ListResults>
            {answer?.error ? (
              <p role="alert" className="font-semibold text-red-700">
                {answer.error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={navigation.state === "submitting"}>
                <Landmark aria-hidden="true" className="size-4" />
                Marquer comme déposés
              </Button>
              <Button variant="secondary" onClick={tickAll}>
                Cocher les {chequeCount(cheques.rows.length)} de la page
              </Button>
            </div>
          </Form>
        )}

        {slip ? (
          <section
            id="bordereau"
            data-print-slip
            aria-labelledby="bordereau-titre"
            className="card flex flex-col gap-3 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 id="bordereau-titre" className="text-lg font-bold text-ink">
                Bordereau de remise de chèques du {formatNumericDate(slip.stamp)}
              </h2>
              <div data-print-hide className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => window.print()}>
                  <Printer aria-hidden="true" className="size-4" />
                  Imprimer
                </Button>
                <a
                  href={`/admin/adhesions/cheques/bordereau.csv?remise=${encodeURIComponent(slip.stamp)}`}
                  download
                  className="btn btn-secondary btn-sm"
                >
                  <Download aria-hidden="true" className="size-4" />
                  CSV
                </a>
              </div>
            </div>
            <div>
              <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
                <thead>
                  <tr className="border-b border-gray-300">
                    <th scope="col" className="py-1 pr-3">
                      N° du chèque
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Banque
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Tireur
                    </th>
                    <th scope="col" className="py-1 text-right [overflow-wrap:normal]">
                      Montant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {slip.cheques.map((cheque) => (
                    <tr key={cheque.id} className="border-b border-gray-100">
                      <td className="py-1 pr-3">{cheque.number}</td>
                      <td className="py-1 pr-3">{cheque.bank}</td>
                      <td className="py-1 pr-3">{cheque.drawer}</td>
                      <td className="py-1 text-right tabular-nums">
                        {formatEuros(cheque.amountCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-bold">
                    <td className="py-1 pr-3" colSpan={3}>
                      Total : {slip.cheques.length} chèque{slip.cheques.length > 1 ? "s" : ""}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {formatEuros(total(slip.cheques))}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        ) : null}

        {slips.length > 0 ? (
          <section aria-labelledby="remises" data-print-hide className="flex flex-col gap-2">
            <h2 id="remises" className="text-lg font-bold text-ink">
              Dernières remises
            </h2>
            <ul className="flex flex-col gap-1">
              {slips.map((s) => (
                <li key={s.stamp}>
                  <Link
                    to={`?remise=${encodeURIComponent(s.stamp)}#bordereau`}
                    className="text-teal-dark underline"
                  >
                    Remise du {formatNumericDate(s.stamp)} · {s.count} chèque
                    {s.count > 1 ? "s" : ""} · {formatEuros(s.totalCents)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
