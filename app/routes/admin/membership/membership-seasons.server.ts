/*
 * The actions of « Saisons et tarifs »: every one guarded by the capability
 * "registrations", checked on the server (app/domains/membership/membership-season-form.ts), answered
 * with the typed text and its French messages on an error, journaled when it changes
 * something (app/domains/membership/season-admin.server.ts, season-tariffs.server.ts,
 * season-discounts.server.ts).
 */
import { data, redirect } from "react-router";
import {
  DISCOUNT_FIELDS,
  DISCOUNT_MESSAGES,
  readDiscount,
  readSeason,
  readTariff,
  SEASON_FIELDS,
  SEASON_MESSAGES,
  TARIFF_FIELDS,
  TARIFF_MESSAGES,
  type DiscountInput,
  type Errors,
  type SeasonInput,
  type TariffInput,
} from "~/domains/membership/membership-season-form";
import { parisToday } from "~/core/club-time";
import { actorOf } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import {
  createSeason,
  seasonLabelTaken,
  updateSeason,
} from "~/domains/membership/season-admin.server";
import {
  createTariff,
  deleteTariff,
  getTariff,
  tariffLabelTaken,
  updateTariff,
} from "~/domains/membership/season-tariffs.server";
import {
  deleteDiscount,
  discountRankTaken,
  saveDiscount,
} from "~/domains/membership/season-discounts.server";
import type { SeasonRow } from "~/domains/membership/season.server";
import { isSiteAddressSet } from "~/core/site-address.server";
import { SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { formText, positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import type { Toast } from "~/utils/toast";

/** Which form an answer is for: "season", "tariff:new", "tariff:12", "discount:3". */
export type SeasonActionResult = {
  form: string;
  errors?: Errors<string>;
  input?: Record<string, string>;
  toast?: Toast;
};

function invalid(form: string, input: Record<string, string>, errors: Errors<string>) {
  return data<SeasonActionResult>(
    { form, input, errors, toast: { type: "error", message: SEASON_MESSAGES.invalid } },
    { status: 400 },
  );
}

const done = (form: string, message: string) =>
  data<SeasonActionResult>({ form, toast: { type: "success", message } });

const unknownIntent = () =>
  data<SeasonActionResult>(
    { form: "", toast: { type: "error", message: "Action inconnue : rechargez la page." } },
    { status: 400 },
  );

async function guard(request: Request, context?: RequestContext) {
  const session = await requireCapability(request, "registrations");
  return actorOf(session, getClientIp(context));
}

type RegistrationDays = Pick<SeasonRow, "registration_opens_on" | "registration_closes_on">;

/**
 * Whether a save would open the online membership today (registration open now, and not
 * before the save) while « Adresse du site » is not set: its mails would link families to
 * localhost, so it is refused until an admin sets the address.
 */
async function opensBeforeAddress(values: RegistrationDays, was: RegistrationDays | null) {
  const today = parisToday();
  const open = (s: RegistrationDays) =>
    s.registration_opens_on <= today && today <= s.registration_closes_on;
  return open(values) && !(was && open(was)) && !(await isSiteAddressSet());
}

const ADDRESS_FIRST = { registration_opens_on: SITE_ADDRESS_MESSAGES.required };

/** /admin/adhesions/saisons: « Nouvelle saison ». */
export async function seasonsAction(request: Request, context?: RequestContext) {
  const actor = await guard(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "create-season") return unknownIntent();
  const input = formText(form, SEASON_FIELDS);
  const read = readSeason(input);
  if (read.errors) return invalid("season", input, read.errors);
  if (await seasonLabelTaken(read.values.label)) {
    return invalid("season", input, { label: SEASON_MESSAGES.labelTaken });
  }
  if (await opensBeforeAddress(read.values, null)) return invalid("season", input, ADDRESS_FIRST);
  const id = await createSeason(actor, read.values);
  return redirect(`/admin/adhesions/saisons/${id}?nouvelle=1`);
}

/** /admin/adhesions/saisons/:id: the season, its tariffs and its reductions. */
export async function seasonAction(
  request: Request,
  season: SeasonRow,
  context?: RequestContext,
  now = new Date(),
) {
  const actor = await guard(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = positiveId(form.get("id"));
  switch (intent) {
    case "save-season":
      return saveSeason(actor, season, formText(form, SEASON_FIELDS));
    case "create-tariff":
    case "save-tariff":
      return saveTariff(
        actor,
        season,
        intent === "save-tariff" ? id : null,
        formText(form, TARIFF_FIELDS),
        now,
      );
    case "delete-tariff":
      return removeTariff(actor, season, id);
    case "create-discount":
    case "save-discount":
      return saveReduction(
        actor,
        season,
        intent === "save-discount" ? id : null,
        formText(form, DISCOUNT_FIELDS),
      );
    case "delete-discount": {
      const removed = id !== null && (await deleteDiscount(actor, season.id, id));
      return removed
        ? done(`discount:${id}`, DISCOUNT_MESSAGES.deleted)
        : data<SeasonActionResult>(
            { form: "", toast: { type: "error", message: DISCOUNT_MESSAGES.notFound } },
            { status: 404 },
          );
    }
    default:
      return unknownIntent();
  }
}

async function saveSeason(actor: Actor, season: SeasonRow, input: SeasonInput) {
  const read = readSeason(input);
  if (read.errors) return invalid("season", input, read.errors);
  if (await seasonLabelTaken(read.values.label, season.id)) {
    return invalid("season", input, { label: SEASON_MESSAGES.labelTaken });
  }
  if (await opensBeforeAddress(read.values, season)) {
    return invalid("season", input, ADDRESS_FIRST);
  }
  await updateSeason(actor, season.id, read.values);
  return done("season", SEASON_MESSAGES.saved);
}

async function saveTariff(
  actor: Actor,
  season: SeasonRow,
  id: number | null,
  input: TariffInput,
  now: Date,
) {
  const form = id === null ? "tariff:new" : `tariff:${id}`;
  if (id !== null && !(await getTariff(season.id, id))) {
    return invalid(form, input, { form: TARIFF_MESSAGES.notFound });
  }
  const read = readTariff(input, Number(parisToday(now).slice(0, 4)));
  if (read.errors) return invalid(form, input, read.errors);
  if (await tariffLabelTaken(season.id, read.values.label, id ?? undefined)) {
    return invalid(form, input, { label: TARIFF_MESSAGES.labelTaken });
  }
  if (id === null) {
    await createTariff(actor, season.id, read.values, now);
    return done(form, TARIFF_MESSAGES.created);
  }
  await updateTariff(actor, season.id, id, read.values, now);
  return done(form, TARIFF_MESSAGES.saved);
}

async function removeTariff(actor: Actor, season: SeasonRow, id: number | null) {
  const result = id === null ? null : await deleteTariff(actor, season.id, id);
  if (result?.deleted) return done(`tariff:${id}`, TARIFF_MESSAGES.deleted);
  const message =
    result?.reason === "registrations"
      ? TARIFF_MESSAGES.hasRegistrations(result.count)
      : TARIFF_MESSAGES.notFound;
  return data<SeasonActionResult>(
    { form: `tariff:${id}`, errors: { form: message }, toast: { type: "error", message } },
    { status: result?.reason === "registrations" ? 409 : 404 },
  );
}

async function saveReduction(
  actor: Actor,
  season: SeasonRow,
  id: number | null,
  input: DiscountInput,
) {
  const form = id === null ? "discount:new" : `discount:${id}`;
  const read = readDiscount(input);
  if (read.errors) return invalid(form, input, read.errors);
  if (await discountRankTaken(season.id, read.values.nth_member, id ?? undefined)) {
    return invalid(form, input, { nth_member: DISCOUNT_MESSAGES.nthTaken });
  }
  if (!(await saveDiscount(actor, season.id, id, read.values))) {
    return invalid(form, input, { form: DISCOUNT_MESSAGES.notFound });
  }
  return done(form, id === null ? DISCOUNT_MESSAGES.created : DISCOUNT_MESSAGES.saved);
}
