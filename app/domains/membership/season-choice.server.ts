/*
 * The season a membership screen shows (« Bilan et chiffres », the exports): the one in
 * the address (?saison=<id>), else the one open today, else the latest.
 */
import { getDb } from "~/db/client.server";
import { positiveId } from "~/core/form";
import { getSeason, openSeason, type SeasonRow } from "./season.server";

export async function chosenSeason(
  asked: string | null,
  today: string,
): Promise<SeasonRow | undefined> {
  const id = positiveId(asked);
  if (id !== null) return getSeason(id);
  return (
    (await openSeason(today)) ??
    getDb()
      .selectFrom("membership_seasons")
      .selectAll()
      .orderBy("starts_on", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst()
  );
}

/** Every season's id and label, latest first (the season picker). */
export async function seasonChoices(): Promise<{ id: number; label: string }[]> {
  return getDb()
    .selectFrom("membership_seasons")
    .select(["id", "label"])
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .execute();
}
