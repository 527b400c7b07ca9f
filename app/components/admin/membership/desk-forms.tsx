import { euroFigure } from "~/core/money";
import { createContext, useContext, type ReactNode } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button, type ButtonVariant } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { PAYMENT_METHODS } from "~/domains/membership/membership";
import { CLUB_PAYMENT_METHODS } from "~/domains/membership/membership-form";
import {
  DESK_CONFIRMATIONS,
  type DeskConfirmationField,
} from "~/domains/membership/membership-desk";

/*
 * The forms of the membership desk: each posts its `intent` with a `form` key and the
 * page's one-time key (`deskKey` from the loader: a repeated post records once), and shows
 * the server's French refusal under itself. The fields keep what was typed: the form is
 * not remounted, and without script the refusal brings the typed values back (`values`).
 * A refusal the treasurer may overrule comes with a second button that confirms it.
 */

export type DeskAnswer =
  | {
      error?: string;
      form?: string;
      confirm?: DeskConfirmationField;
      values?: Record<string, string>;
    }
  | undefined;

/** What the refused form had typed, for its fields' defaults. */
const Typed = createContext<Record<string, string> | undefined>(undefined);

/** The page's one-time key, as a hidden field (the desk's loaders give `deskKey`). */
export function DeskKey() {
  const { deskKey } = (useLoaderData() ?? {}) as { deskKey?: string };
  return deskKey ? <input type="hidden" name="deskKey" value={deskKey} /> : null;
}

/** The second submit that overrules a refusal: it sends its field as "1". */
export function ConfirmAgain({ field }: { field: DeskConfirmationField }) {
  return (
    <div>
      <Button type="submit" size="sm" variant="secondary" name={field} value="1">
        {DESK_CONFIRMATIONS[field]}
      </Button>
    </div>
  );
}

export function DeskForm({
  id,
  intent,
  children,
  className,
}: {
  /** Unique on the screen: the answer's error is shown under this form only. */
  id: string;
  intent: string;
  children: ReactNode;
  className?: string;
}) {
  const answer = useActionData() as DeskAnswer;
  const mine = answer?.form === id ? answer : undefined;
  return (
    <Form method="post" className={className} aria-label={undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={id} />
      <DeskKey />
      <Typed.Provider value={mine?.values}>{children}</Typed.Provider>
      {mine?.error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {mine.error}
        </p>
      ) : null}
      {mine?.confirm ? <ConfirmAgain field={mine.confirm} /> : null}
    </Form>
  );
}

/** A submit button, busy while its own form is posted; `confirm` asks first. */
export function DeskSubmit({
  formId,
  children,
  variant = "primary",
  confirm,
}: {
  formId: string;
  children: ReactNode;
  variant?: ButtonVariant;
  confirm?: { title: string; description?: string; confirmLabel: string };
}) {
  const navigation = useNavigation();
  const ask = useConfirmAction();
  const busy = navigation.state === "submitting" && navigation.formData?.get("form") === formId;
  return (
    <Button
      type="submit"
      size="sm"
      variant={variant}
      busy={busy}
      onClick={
        confirm
          ? async (event) => {
              event.preventDefault();
              const form = event.currentTarget.form;
              if (await ask({ ...confirm, variant: "danger" })) form?.requestSubmit();
            }
          : undefined
      }
    >
      {children}
    </Button>
  );
}

// The desk takes what a family may pay with at the club (the card is paid online).
const DESK_METHOD_OPTIONS = CLUB_PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHODS[value],
}));

/**
 * A payment's fields: method, amount, the cheque's details or the vouchers' numbers, the
 * shares. `compact` (an expected row): what the desk types is shown (the cheque's number
 * and bank, or the vouchers' numbers), the rest folded under « Autre montant, mois ou
 * répartition » with the proposed shares written out.
 */
export function PaymentFields({
  prefix,
  method,
  amountCents,
  dueMonth,
  members,
  compact = false,
}: {
  prefix: string;
  method: string;
  amountCents: number | null;
  dueMonth: string | null;
  /** The active members and the share proposed for each (null: left to allocate()). */
  members: { id: number; name: string; shareCents: number | null }[];
  compact?: boolean;
}) {
  const typed = useContext(Typed);
  const cheque = method === "cheque";
  const number = (
    <Field label="N° du chèque" id={`${prefix}-number`} key="number">
      <Input
        name="chequeNumber"
        maxLength={30}
        autoComplete="off"
        defaultValue={typed?.chequeNumber}
      />
    </Field>
  );
  const bank = (
    <Field label="Banque" id={`${prefix}-bank`} key="bank">
      <Input name="bank" maxLength={60} autoComplete="off" defaultValue={typed?.bank} />
    </Field>
  );
  const reference = (
    <Field
      label="Numéros ou référence"
      id={`${prefix}-reference`}
      description="Chèques-Vacances, Coupon Sport, libellé du virement"
      key="reference"
    >
      <Input name="reference" maxLength={200} autoComplete="off" defaultValue={typed?.reference} />
    </Field>
  );
  const main = (
    <>
      <Field label="Moyen de paiement" id={`${prefix}-method`}>
        <Select
          name="method"
          defaultValue={typed?.method ?? method}
          options={DESK_METHOD_OPTIONS}
        />
      </Field>
      <Field label="Montant (€)" id={`${prefix}-amount`}>
        <Input
          name="amount"
          inputMode="decimal"
          defaultValue={typed?.amount ?? (amountCents === null ? "" : euroFigure(amountCents))}
          required
          autoComplete="off"
        />
      </Field>
      <Field label="Mois d'encaissement (chèque)" id={`${prefix}-month`}>
        <Input
          name="dueMonth"
          type="month"
          defaultValue={typed?.dueMonth ?? dueMonth ?? ""}
          placeholder="2026-10"
        />
      </Field>
    </>
  );
  const shares =
    members.length > 1 ? (
      <fieldset className="rounded-md border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-ink">Part de chaque adhérent (€)</legend>
        <p className="mb-2 text-sm text-gray-700">
          Les parts doivent faire le montant du paiement. Laissées vides, elles sont réparties selon
          ce que chacun doit.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {members.map((member) => (
            <Field key={member.id} label={member.name} id={`${prefix}-share-${member.id}`}>
              <Input
                name={`share-${member.id}`}
                inputMode="decimal"
                defaultValue={
                  typed?.[`share-${member.id}`] ??
                  (member.shareCents === null ? "" : euroFigure(member.shareCents))
                }
                autoComplete="off"
              />
            </Field>
          ))}
        </div>
      </fieldset>
    ) : null;
  if (!compact) {
    return (
      <div className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          {main}
          {number}
          {bank}
          {reference}
        </div>
        {shares}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">{cheque ? [number, bank] : [reference]}</div>
      {members.length > 1 ? (
        <p className="text-sm text-gray-700">
          Parts :{" "}
          {members
            .map(
              (m) => `${m.name} ${m.shareCents === null ? "—" : `${euroFigure(m.shareCents)} €`}`,
            )
            .join(" · ")}
        </p>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-teal-dark">
          Autre montant, mois ou répartition
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-3">
            {main}
            {cheque ? reference : null}
          </div>
          {shares}
        </div>
      </details>
    </div>
  );
}
