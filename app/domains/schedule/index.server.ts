// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { noticeActivityChange, REMOVED_NOTE } from "./activity-notices.server";
export { getDatedSessions, getScheduleChanges, getSeason } from "./schedule-change.server";
export { byWeekThenTime, getActivities, getActivity, updateActivity } from "./schedule.server";
export { onSessionChange, type SessionNotice } from "./session-notice.server";
