import { getDb } from "~/db/client.server";
import { startPeriodic } from "~/core/jobs.server";
import { closeCheckout } from "./checkout.server";
import { confirmCheckout } from "./confirm.server";
import { pendingNotifications, processNotification } from "./notifications.server";

/*
 * The hourly reconciliation: a family who paid and closed the tab before coming
 * back, a notification lost or not processed. Open checkouts made more than a few minutes
 * ago are read back from HelloAsso, for 48 hours; after that an unpaid one is closed. A
 * paid checkout whose file still expects card instalments is read again, until none is
 * left or 13 months have passed (HelloAsso takes the last instalment within the season).
 */

const SETTLE_MS = 5 * 60_000;
const FOLLOW_MS = 48 * 3_600_000;
const INSTALMENTS_MS = 396 * 86_400_000;
const HOUR_MS = 3_600_000;

/** Paid checkouts of the last 13 months whose file expects a card payment from HelloAsso. */
function checkoutsWithInstalments(now: Date) {
  return getDb()
    .selectFrom("helloasso_checkouts as c")
    .select("c.id")
    .where("c.state", "=", "paid")
    .where("c.order_id", "is not", null)
    .where("c.created_at", ">=", new Date(now.getTime() - INSTALMENTS_MS).toISOString())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("membership_payments as p")
          .select("p.id")
          .whereRef("p.file_id", "=", "c.file_id")
          .where("p.method", "=", "card")
          .where("p.status", "=", "expected")
          .where("p.external_id", "is not", null),
      ),
    )
    .orderBy("c.id")
    .execute();
}

export async function reconcileCheckouts({ now = new Date() }: { now?: Date } = {}) {
  for (const id of await pendingNotifications(new Date(now.getTime() - 60_000))) {
    await processNotification(id, { now });
  }
  const open = await getDb()
    .selectFrom("helloasso_checkouts")
    .select(["id", "created_at"])
    .where("open_key", "is not", null)
    .where("created_at", "<=", new Date(now.getTime() - SETTLE_MS).toISOString())
    .orderBy("id")
    .execute();
  const counts = { paid: 0, closed: 0, followed: 0 };
  for (const checkout of open) {
    const outcome = await confirmCheckout(checkout.id, { now });
    if (outcome === "paid") counts.paid += 1;
    else if (
      outcome !== "unreachable" &&
      checkout.created_at < new Date(now.getTime() - FOLLOW_MS).toISOString()
    ) {
      await closeCheckout(checkout.id, "abandoned", { now });
      counts.closed += 1;
    }
  }
  for (const checkout of await checkoutsWithInstalments(now)) {
    await confirmCheckout(checkout.id, { now });
    counts.followed += 1;
  }
  return counts;
}

/** The first process's job: now, then every hour. */
export function startHelloAssoReconciliation(): () => void {
  return startPeriodic({
    task: async () => {
      await reconcileCheckouts();
    },
    intervalMs: HOUR_MS,
    failure: "Rapprochement des paiements HelloAsso impossible",
  });
}
