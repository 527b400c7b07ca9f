import type { ReactNode } from "react";
import { FormAlert } from "~/components/site/form-controls";
import {
  MembershipShell,
  StepActions,
  type MembershipStep,
} from "~/components/site/membership/membership-shell";

/*
 * A step of the file as a form in its frame: what went wrong first, the fields, then the
 * link back and the submit. The browser does not check the fields (the server says what
 * is wrong, in French, beside each one).
 */

export const NOTHING_SAVED = "Rien n'est enregistré : corrigez les champs signalés ci-dessous.";

export function StepForm({
  current,
  token,
  season,
  title,
  action,
  alert,
  back,
  submit,
  children,
}: {
  current: MembershipStep;
  token: string;
  season: string;
  title: string;
  action: string;
  alert: string | null | undefined;
  back: { href: string; label: string };
  submit: string;
  children: ReactNode;
}) {
  return (
    <MembershipShell current={current} token={token} season={season} title={title}>
      <form method="post" action={action} noValidate className="grid gap-6">
        {alert ? <FormAlert message={alert} /> : null}
        {children}
        <StepActions back={back} label={submit} />
      </form>
    </MembershipShell>
  );
}
