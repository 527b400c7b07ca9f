import { type Kysely, type Migration, Migrator } from "kysely";
import * as initial from "./migrations/001-initial";
import * as contentVersion from "./migrations/002-content-version";
import * as hashedSessions from "./migrations/003-hashed-sessions";
import * as frontDesk from "./migrations/005-front-desk";
import * as tableVersions from "./migrations/006-table-versions";
import * as polish from "./migrations/007-polish";
import * as scheduleChanges from "./migrations/008-schedule-changes";
import * as trialSessions from "./migrations/009-trial-sessions";
import * as trialRequests from "./migrations/010-trial-requests";
import * as adminLists from "./migrations/011-admin-lists";
import * as blogListIndex from "./migrations/012-blog-list-index";
import * as searchTrigrams from "./migrations/013-search-trigrams";
import * as messageReplies from "./migrations/014-message-replies";
import * as bookingKeepsSession from "./migrations/015-booking-keeps-session";
import * as prices from "./migrations/016-prices";
import * as trialChildName from "./migrations/017-trial-child-name";
import * as menuPlanning from "./migrations/018-menu-planning";
import * as blogPublicOrder from "./migrations/019-blog-public-order";
import * as volunteers from "./migrations/020-volunteers";
import * as history from "./migrations/021-history";
import * as trash from "./migrations/022-trash";
import * as scheduledPublishing from "./migrations/023-scheduled-publishing";
import * as membership from "./migrations/024-membership";
import * as helloasso from "./migrations/025-helloasso";
import * as forgetSignInAddress from "./migrations/026-forget-sign-in-address";
import * as sessionSecondFactor from "./migrations/027-session-second-factor";
import * as mailKinds from "./migrations/028-mail-kinds";
import * as deskOnce from "./migrations/029-desk-once";

// Listed by hand rather than read from disk, so the bundled server carries them.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "001-initial": initial,
  "002-content-version": contentVersion,
  "003-hashed-sessions": hashedSessions,
  "005-front-desk": frontDesk,
  "006-table-versions": tableVersions,
  "007-polish": polish,
  "008-schedule-changes": scheduleChanges,
  "009-trial-sessions": trialSessions,
  "010-trial-requests": trialRequests,
  "011-admin-lists": adminLists,
  "012-blog-list-index": blogListIndex,
  "013-search-trigrams": searchTrigrams,
  "014-message-replies": messageReplies,
  "015-booking-keeps-session": bookingKeepsSession,
  "016-prices": prices,
  "017-trial-child-name": trialChildName,
  "018-menu-planning": menuPlanning,
  "019-blog-public-order": blogPublicOrder,
  "020-volunteers": volunteers,
  "021-history": history,
  "022-trash": trash,
  "023-scheduled-publishing": scheduledPublishing,
  "024-membership": membership,
  "025-helloasso": helloasso,
  "026-forget-sign-in-address": forgetSignInAddress,
  "027-session-second-factor": sessionSecondFactor,
  "028-mail-kinds": mailKinds,
  "029-desk-once": deskOnce,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`Migration ${result.migrationName} a échoué`);
  }
  if (error) throw error;
}
