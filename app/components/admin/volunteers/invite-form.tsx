import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { fieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";
import { RoleCheckboxes } from "./role-checkboxes";
import { InviteSchema, readInvite, type InviteErrors } from "./volunteer-schema";

export interface InviteResult {
  toast?: Toast;
  errors?: InviteErrors;
  fields?: { username: string; email: string; roles: string[] };
}

/**
 * "Inviter un bénévole": a username, an e-mail and roles; the server creates the account
 * and mails the link. Errors show under their fields with what was typed kept; a success
 * empties the form.
 */
export function InviteForm() {
  const fetcher = useFetcher<InviteResult>({ key: "volunteer-invite" });
  useActionToast(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<InviteErrors | null>(null);
  const shown = clientErrors ?? fetcher.data?.errors;
  const errors = shown ?? {};
  useFocusFirstInvalid(formRef, shown);
  const kept = fetcher.data?.fields;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast?.type === "success") {
      formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = InviteSchema.safeParse(readInvite(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error) as InviteErrors);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Inviter un bénévole</CardTitle>
        <CardDescription>
          Il reçoit un e-mail avec un lien, valable 72 heures, pour choisir son mot de passe.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          ref={formRef}
          noValidate
          onSubmit={validate}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value="invite" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nom d'utilisateur" error={errors.username} required>
              <Input
                name="username"
                autoComplete="off"
                maxLength={40}
                defaultValue={kept?.username ?? ""}
                key={`u-${kept?.username ?? ""}`}
              />
            </Field>
            <Field label="Adresse e-mail" error={errors.email} required>
              <Input
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={kept?.email ?? ""}
                key={`e-${kept?.email ?? ""}`}
              />
            </Field>
          </div>
          <RoleCheckboxes
            idPrefix="invitation"
            defaultRoles={kept?.roles ?? []}
            error={errors.roles}
            key={`r-${kept?.roles.join(" ") ?? ""}`}
          />
          <div>
            <Button type="submit" busy={busy}>
              Inviter
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
