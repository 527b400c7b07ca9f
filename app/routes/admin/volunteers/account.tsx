import { elide } from "~/core/french";
import { Link } from "react-router";
import { IdentityCard, PasswordCard } from "~/components/admin/volunteers/account/account-forms";
import type { AccountAnswer } from "~/components/admin/volunteers/account/account-schema";
import { SessionsCard } from "~/components/admin/volunteers/account/sessions-card";
import { TwoFactorCard } from "~/components/admin/volunteers/account/two-factor-card";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/account";
import { accountAction, accountLoader } from "./account.server";

/*
 * Mon compte: every volunteer's e-mail, password, second factor and sessions
 * (account.server.ts). A session that must enrol its second factor sees the enrolment
 * alone.
 */

export const meta: Route.MetaFunction = () => adminMeta("Mon compte");

export async function loader(args: Route.LoaderArgs) {
  return accountLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return accountAction(args);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as AccountAnswer | undefined;
  useActionToast(actionData);
  const { enrolling, enrolAgain } = loaderData;
  // After a recovery code stood in for a factor that could no longer be opened.
  const notice = enrolAgain ? (
    <p role="status" className="max-w-3xl rounded-md bg-teal/20 px-3 py-2 text-sm text-ink">
      Votre double authentification ne pouvait plus être lue (le site a été restauré sans sa clé
      secrète) : elle a été retirée. Activez-la de nouveau avec votre application.
    </p>
  ) : null;
  const twoFactor = (
    <TwoFactorCard
      twoFactor={loaderData.twoFactor}
      enrolling={enrolling}
      required={loaderData.required}
      roles={loaderData.roles}
      answer={answer}
    />
  );
  if (enrolling) {
    return (
      <>
        <AdminPageHeader
          title="Activez la double authentification"
          description="Une étape de plus, une seule fois : ensuite, vous arrivez sur le tableau de bord."
        />
        <div className="flex max-w-3xl flex-col gap-6">
          {notice}
          {twoFactor}
        </div>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title="Mon compte"
        description={`Connecté en tant ${elide("que", loaderData.username)} (${loaderData.roles.join(", ")}).`}
        actions={
          <Link to="/admin/journal" className="font-semibold text-teal-dark underline">
            Mon journal
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {notice}
        <IdentityCard username={loaderData.username} email={loaderData.email} answer={answer} />
        <PasswordCard answer={answer} />
        {twoFactor}
        <SessionsCard sessions={loaderData.sessions} />
      </div>
    </>
  );
}
