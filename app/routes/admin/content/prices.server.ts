import { PRICE_MESSAGES, PriceListSchema } from "~/domains/content/price-schema";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { parseJson } from "~/core/json";
import { replacePrices } from "~/domains/content/price.server";
import { STALE_SAVE_MESSAGE, StaleSaveError } from "~/utils/stale.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * The Tarifs screen's POST: the whole list, replaced if it is still the version loaded.
 * The page cache drops /tarifs and /tarifs/imprimer by itself: the prices table's
 * triggers move its version (migration 016, docs/decisions/004-page-cache.md).
 */
export async function pricesAction(request: Request, context?: RequestContext) {
  const session = await requireCapability(request, "registrations");
  const formData = await readForm(request);
  const version = formData.get("version");
  const error = (message: string, status: number, extra: object = {}) =>
    toastResult({ type: "error", message }, extra, status);
  if (typeof version !== "string") return error(STALE_SAVE_MESSAGE, 409, { stale: true });
  if (formData.get("intent") !== "save") return error("Action inconnue", 400);

  const raw = formData.get("prices");
  const parsed = PriceListSchema.safeParse({
    prices: parseJson<unknown>(typeof raw === "string" ? raw : null, null),
  });
  if (!parsed.success) {
    return error(PRICE_MESSAGES.invalid, 400, {
      errors: fieldErrors(parsed.error, { byPath: true }),
    });
  }
  try {
    const result = await withActivity(
      actorOf(session, getClientIp(context)),
      { action: "save", itemType: "price", itemLabel: "Liste des tarifs" },
      () =>
        replacePrices({
          prices: parsed.data.prices.map(({ amount, ...price }) => ({
            ...price,
            amount_cents: amount,
          })),
          loadedVersion: version,
        }),
    );
    return toastResult(
      { type: "success", message: PRICE_MESSAGES.saved },
      { version: result.version, savedCount: parsed.data.prices.length },
    );
  } catch (caught) {
    if (caught instanceof StaleSaveError) return error(STALE_SAVE_MESSAGE, 409, { stale: true });
    console.error(caught);
    return error(PRICE_MESSAGES.saveFailed, 500);
  }
}
