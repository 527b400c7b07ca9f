/*
 * What the forms of « Saisons et tarifs » show of a stored season, tariff or reduction:
 * the text a volunteer would have typed (euros with a comma, empty for none).
 */
import { MEDICAL_RULES } from "./membership";
import {
  eurosField,
  type DiscountInput,
  type SeasonInput,
  type SeasonValues,
  type TariffInput,
  type TariffValues,
} from "./membership-season-form";

type SeasonShown = Omit<SeasonValues, "renewal_opens_on" | "grace_until"> & {
  renewal_opens_on: string | null;
  grace_until: string | null;
};

/** A stored tariff: practice and medical rule as the database's text. */
type TariffShown = Omit<TariffValues, "practice" | "medical_rule"> & {
  practice: string;
  medical_rule: string;
};

type DiscountShown = { nth_member: number; amount_cents: number; label: string };

export const seasonInput = (season: SeasonShown): SeasonInput => ({
  label: season.label,
  starts_on: season.starts_on,
  ends_on: season.ends_on,
  registration_opens_on: season.registration_opens_on,
  registration_closes_on: season.registration_closes_on,
  renewal_opens_on: season.renewal_opens_on ?? "",
  grace_until: season.grace_until ?? "",
  pass_sport: eurosField(season.pass_sport_cents),
  house_rules: season.house_rules,
});

export const tariffInput = (tariff: TariffShown): TariffInput => ({
  label: tariff.label,
  practice: tariff.practice,
  birth_year_min: tariff.birth_year_min === null ? "" : String(tariff.birth_year_min),
  birth_year_max: tariff.birth_year_max === null ? "" : String(tariff.birth_year_max),
  club: eurosField(tariff.club_cents),
  licence: eurosField(tariff.licence_cents),
  includes: tariff.includes,
  places: tariff.places === null ? "" : String(tariff.places),
  medical_rule: tariff.medical_rule,
  medical_text: tariff.medical_text,
  position: String(tariff.position),
});

export const newTariffInput = (position: number): TariffInput => ({
  label: "",
  practice: "",
  birth_year_min: "",
  birth_year_max: "",
  club: "",
  licence: "",
  includes: "",
  places: "",
  medical_rule: "certificate",
  medical_text: MEDICAL_RULES.certificate.text,
  position: String(position),
});

export const discountInput = (discount: DiscountShown | null): DiscountInput => ({
  nth_member: discount ? String(discount.nth_member) : "",
  amount: discount ? eurosField(discount.amount_cents) : "",
  label: discount?.label ?? "",
});
