import { Badge } from "~/components/ui/badge";
import type { Schedule } from "~/domains/content/publish-schedule";
import { scheduleStatus } from "./schedule";

/**
 * The schedule of an article or a page as badges: « Programmé pour le 15 décembre à 08:00 »,
 * « Dépublication le … », each followed by « en retard » when it has waited more than five
 * minutes (the due-job has not run: the server was stopped, or is failing).
 */
export function ScheduleBadges({ schedule, now }: { schedule: Schedule; now: Date }) {
  const status = scheduleStatus(schedule, now);
  return (
    <>
      {[status.publish, status.unpublish].map((part) =>
        part ? (
          <Badge key={part.label} tone={part.late ? "danger" : "gold"}>
            {part.label}
            {part.late && " · en retard"}
          </Badge>
        ) : null,
      )}
    </>
  );
}
