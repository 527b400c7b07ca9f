import type { ListEntryProps } from "~/components/admin/forms/list-draft-editor";
import { ListItemCard } from "~/components/admin/forms/list-item-card";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { formatEuros, parseEuros } from "~/core/money";
import {
  PRICE_AUDIENCE_KEYS,
  PRICE_AUDIENCES,
  PRICE_LIMITS,
  type PriceAudience,
} from "~/domains/content/price-schema";

/* One price of the Tarifs screen. */

export interface DraftPrice {
  /** The React key: stable while the price is edited, even before it has an id. */
  key: string;
  label: string;
  audience: PriceAudience;
  /** The amount in euros as typed ("180", "180,50"). */
  amount: string;
  includes_licence: boolean;
  includes_insurance: boolean;
  notes: string;
}

const AUDIENCE_OPTIONS = PRICE_AUDIENCE_KEYS.map((value) => ({
  value,
  label: PRICE_AUDIENCES[value],
}));

export function PriceCard({
  price,
  errors,
  onChange,
  ...place
}: ListEntryProps<DraftPrice> & { price: DraftPrice }) {
  const name = price.label.trim() || `Tarif ${place.index + 1}`;
  const cents = parseEuros(price.amount);
  return (
    <ListItemCard
      name={name}
      badges={
        <>
          <Badge tone="teal">{PRICE_AUDIENCES[price.audience]}</Badge>
          {/* How visitors will read the amount, once it is one. */}
          {cents !== null && cents > 0 && <Badge tone="gold">{formatEuros(cents)}</Badge>}
        </>
      }
      removeLabel={`Supprimer le tarif « ${name} »`}
      {...place}
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field label="Libellé" required error={errors.label} className="sm:col-span-2">
        <Input
          value={price.label}
          maxLength={PRICE_LIMITS.label}
          onChange={(e) => onChange({ label: e.target.value })}
        />
      </Field>
      <Field label="Public" required error={errors.audience}>
        <Select
          value={price.audience}
          options={AUDIENCE_OPTIONS}
          onChange={(e) => onChange({ audience: e.target.value as PriceAudience })}
        />
      </Field>
      <Field
        label="Montant (€)"
        required
        error={errors.amount}
        description="En euros pour la saison, par exemple 180 ou 180,50."
      >
        <Input
          value={price.amount}
          inputMode="decimal"
          autoComplete="off"
          onChange={(e) => onChange({ amount: e.target.value })}
        />
      </Field>
      <Switch
        label="Licence FFBoxe incluse"
        checked={price.includes_licence}
        onCheckedChange={(checked) => onChange({ includes_licence: checked })}
      />
      <Switch
        label="Assurance incluse"
        checked={price.includes_insurance}
        onCheckedChange={(checked) => onChange({ includes_insurance: checked })}
      />
      <Field
        label="Note"
        error={errors.notes}
        className="sm:col-span-2"
        description="Facultative : réduction famille, Pass'Sport, paiement en 3 chèques…"
      >
        <Input
          value={price.notes}
          maxLength={PRICE_LIMITS.notes}
          onChange={(e) => onChange({ notes: e.target.value })}
        />
      </Field>
    </ListItemCard>
  );
}
