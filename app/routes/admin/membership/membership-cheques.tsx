import { Download, Landmark } from "lucide-react";
import { useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { ListResults } from "~/components/admin/list/list-results";
import { FilterLinks } from "~/components/admin/list/list-toolbar";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { ChequeSlip, RecentSlips, total } from "~/components/admin/membership/cheque-slip";
import { ConfirmAgain, type DeskAnswer, DeskKey } from "~/components/admin/membership/desk-forms";
import { MembershipTabs } from "~/components/admin/membership/membership-tabs";
import { Button } from "~/components/ui/button";
import { countLabel } from "~/utils/list-params";
import { monthLabel } from "~/domains/membership/membership-form";
import { formatEuros } from "~/core/money";
import type { ChequeRow } from "~/domains/membership/cheques.server";
import { adminMeta } from "~/utils/admin-route";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/membership-cheques";
import { ALL_MONTHS, CHEQUE_MONTH_PARAM } from "~/domains/membership/membership-desk";
import { membershipChequesAction, membershipChequesLoader } from "./membership-cheques.server";

/*
 * /admin/adhesions/cheques « Chèques à déposer »: the received cheques by month to cash
 * (the current month first, ?mois=2026-10 for another, ?mois=tous for all), each month's
 * count and total, a page of cheques at a time; the ones ticked are marked deposited
 * together (after a question when some are promised for a later month), which makes the
 * deposit slip (?remise=<stamp>) shown below, printable, as CSV, and undone if need be.
 */

export const meta: Route.MetaFunction = () => adminMeta("Chèques à déposer");

export async function loader({ request }: Route.LoaderArgs) {
  return membershipChequesLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return membershipChequesAction(request, context);
}

/** The page prints the slip alone: everything else is hidden on paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-slip], [data-print-slip] * { visibility: visible; }
  [data-print-slip] { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; border: 0; }
  [data-print-hide] { display: none !important; }
}`;

const chequeCount = (count: number) => countLabel(count, "chèque");

/** The page's cheques under their months' headings (a month's count and total are whole). */
function byMonth(rows: readonly ChequeRow[]) {
  const months = new Map<string, ChequeRow[]>();
  for (const row of rows) months.set(row.dueMonth, [...(months.get(row.dueMonth) ?? []), row]);
  return [...months];
}

export default function MembershipCheques({ loaderData }: Route.ComponentProps) {
  const { months, month, cheques, slips, slip } = loaderData;
  const answer = useActionData<typeof action>() as
    (DeskAnswer & { toast?: Toast; ids?: (number | null)[] }) | undefined;
  useActionToast(answer);
  const refused = answer?.form === "deposit" ? answer : undefined;
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
            <DeskKey />
            <FilterLinks
              name={CHEQUE_MONTH_PARAM}
              label="Mois d'encaissement"
              current={month ?? ALL_MONTHS}
              choices={[
                { value: ALL_MONTHS, label: "Tous les mois", count },
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
              empty={
                cheques.total === 0 && month ? (
                  <p className="text-gray-700">
                    Aucun chèque à encaisser en {monthLabel(month)} : choisissez un autre mois.
                  </p>
                ) : undefined
              }
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
                              defaultChecked={refused?.ids?.includes(cheque.id)}
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
            {refused?.error ? (
              <p role="alert" className="font-semibold text-red-700">
                {refused.error}
              </p>
            ) : null}
            {refused?.confirm ? <ConfirmAgain field={refused.confirm} /> : null}
            {cheques.rows.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                <Button type="submit" busy={navigation.state === "submitting"}>
                  <Landmark aria-hidden="true" className="size-4" />
                  Marquer comme déposés
                </Button>
                <Button variant="secondary" onClick={tickAll}>
                  Cocher les {chequeCount(cheques.rows.length)} de la page
                </Button>
              </div>
            ) : null}
          </Form>
        )}

        {slip ? <ChequeSlip stamp={slip.stamp} cheques={slip.cheques} /> : null}

        <RecentSlips slips={slips} />
      </div>
    </>
  );
}
