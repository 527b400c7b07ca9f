import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { MEDICAL_RULES, PRACTICES } from "~/domains/membership/membership";
import type {
  DiscountInput,
  Errors,
  SeasonInput,
  TariffInput,
} from "~/domains/membership/membership-season-form";

/*
 * The forms of « Saisons et tarifs »: plain forms posted to the route's action,
 * which checks them and sends back the typed text with its French messages on an error.
 */

/** A submit button that says it is working while its form is posted. */
function Submit({ intent, children }: { intent: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy}>
      {busy ? "Enregistrement…" : children}
    </Button>
  );
}

function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {message}
    </p>
  );
}

/** A form of the screen: the row's id (none for a new one), its error, its fields, its button. */
function ActionForm({
  id = null,
  error,
  gap,
  intent,
  submitLabel,
  children,
}: {
  id?: number | null;
  error?: string;
  gap: "gap-3" | "gap-4";
  intent: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={`flex flex-col ${gap}`} noValidate>
      {id !== null && <input type="hidden" name="id" value={id} />}
      <FormError message={error} />
      {children}
      <div>
        <Submit intent={intent}>{submitLabel}</Submit>
      </div>
    </Form>
  );
}

export function SeasonFields({
  input,
  errors,
  intent,
  submitLabel,
}: {
  input: SeasonInput;
  errors: Errors<keyof SeasonInput>;
  intent: string;
  submitLabel: string;
}) {
  const date = (name: keyof SeasonInput, label: string, required = true, description?: string) => (
    <Field label={label} error={errors[name]} required={required} description={description}>
      <Input type="date" name={name} defaultValue={input[name]} />
    </Field>
  );
  return (
    <ActionForm error={errors.form} gap="gap-4" intent={intent} submitLabel={submitLabel}>
      <Field label="Nom de la saison" error={errors.label} required>
        <Input name="label" defaultValue={input.label} maxLength={100} />
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Dates</legend>
        {date("starts_on", "Début de la saison")}
        {date("ends_on", "Fin de la saison")}
        {date("registration_opens_on", "Ouverture des inscriptions")}
        {date("registration_closes_on", "Clôture des inscriptions")}
        {date(
          "renewal_opens_on",
          "Ouverture des réinscriptions",
          false,
          "Les foyers de la saison précédente reçoivent leur lien ce jour-là.",
        )}
        {date(
          "grace_until",
          "Fin du délai de réinscription",
          false,
          "Après cette date, les adhérents de la saison précédente qui ne se sont pas réinscrits sont anonymisés.",
        )}
      </fieldset>
      <Field
        label="Montant du Pass'Sport (€)"
        error={errors.pass_sport}
        description="Déduit du prix d'un adhérent qui donne un code Pass'Sport (70 € en 2025-2026)."
      >
        <Input
          name="pass_sport"
          inputMode="decimal"
          defaultValue={input.pass_sport}
          className="max-w-40"
        />
      </Field>
      <Field
        label="Règlement intérieur"
        error={errors.house_rules}
        description="Le texte que chaque adhérent accepte ; sa version est gardée avec son accord."
      >
        <Textarea name="house_rules" rows={6} defaultValue={input.house_rules} />
      </Field>
    </ActionForm>
  );
}

export function TariffFields({
  input,
  errors,
  id,
}: {
  input: TariffInput;
  errors: Errors<keyof TariffInput>;
  /** Null: a new tariff. */
  id: number | null;
}) {
  const intent = id === null ? "create-tariff" : "save-tariff";
  const number = (
    name: keyof TariffInput,
    label: string,
    inputMode: "numeric" | "decimal",
    required = false,
    description?: string,
  ) => (
    <Field label={label} error={errors[name]} required={required} description={description}>
      <Input name={name} inputMode={inputMode} defaultValue={input[name]} />
    </Field>
  );
  return (
    <ActionForm
      id={id}
      error={errors.form}
      gap="gap-4"
      intent={intent}
      submitLabel={id === null ? "Ajouter le tarif" : "Enregistrer le tarif"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nom du tarif" error={errors.label} required>
          <Input name="label" defaultValue={input.label} maxLength={100} />
        </Field>
        <Field label="Pratique" error={errors.practice} required>
          <Select
            name="practice"
            defaultValue={input.practice}
            options={[
              { value: "", label: "Choisir…" },
              ...Object.entries(PRACTICES).map(([value, label]) => ({ value, label })),
            ]}
          />
        </Field>
        {number("birth_year_min", "Né(e) de l'année", "numeric", false, "Vide : sans limite.")}
        {number("birth_year_max", "à l'année", "numeric", false, "Vide : sans limite.")}
        {number("club", "Part du club (€)", "decimal", true)}
        {number("licence", "Part de la licence FFBoxe (€)", "decimal")}
        {number(
          "places",
          "Places",
          "numeric",
          false,
          "Vide : sans limite ; au-delà, liste d'attente.",
        )}
        {number("position", "Ordre", "numeric", false, "Les tarifs sont proposés dans cet ordre.")}
      </div>
      <Field label="Ce qui est compris" error={errors.includes}>
        <Input name="includes" defaultValue={input.includes} maxLength={1000} />
      </Field>
      <Field label="Règle médicale" error={errors.medical_rule} required>
        <Select
          name="medical_rule"
          defaultValue={input.medical_rule}
          options={Object.entries(MEDICAL_RULES).map(([value, rule]) => ({
            value,
            label: rule.label,
          }))}
        />
      </Field>
      <Field
        label="La règle médicale en mots simples"
        error={errors.medical_text}
        required
        description="Ce que la famille lit au moment de choisir ce tarif."
      >
        <Textarea name="medical_text" rows={3} defaultValue={input.medical_text} />
      </Field>
    </ActionForm>
  );
}

/** A delete button whose form asks the kit's confirmation first. */
export function DeleteForm({
  intent,
  id,
  title,
  description,
  label,
}: {
  intent: string;
  id: number;
  title: string;
  description: string;
  label: string;
}) {
  const confirm = useConfirmAction();
  const submit = useSubmit();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await confirm({ title, description })) submit(form);
  }
  return (
    <Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="danger" size="sm">
        {label}
      </Button>
    </Form>
  );
}

export function DiscountFields({
  input,
  errors,
  id,
}: {
  input: DiscountInput;
  errors: Errors<keyof DiscountInput>;
  id: number | null;
}) {
  return (
    <ActionForm
      id={id}
      error={errors.form}
      gap="gap-3"
      intent={id === null ? "create-discount" : "save-discount"}
      submitLabel={id === null ? "Ajouter la réduction" : "Enregistrer la réduction"}
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_10rem_1fr]">
        <Field label="À partir du membre n°" error={errors.nth_member} required>
          <Input name="nth_member" inputMode="numeric" defaultValue={input.nth_member} />
        </Field>
        <Field label="Réduction (€)" error={errors.amount} required>
          <Input name="amount" inputMode="decimal" defaultValue={input.amount} />
        </Field>
        <Field label="Libellé" error={errors.label}>
          <Input name="label" defaultValue={input.label} maxLength={100} />
        </Field>
      </div>
    </ActionForm>
  );
}
