// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export {
  compareSessions,
  type DatedSession,
  datedSessions,
  isTemplateDate,
  type Season,
  sessionOn,
  type WeeklyClass,
} from "./dated-sessions";
export { NOTIFIED_FIELD } from "./families-question";
export { buildSessionCalendar } from "./ical";
export { isPlanningTitleStale } from "./planning-title";
export { ACTIVITY_TEXT_FIELDS, ACTIVITY_TRIAL_FIELDS, ActivitySchema } from "./schedule-schemas";
export { contrastRatio, parseHexColour, relativeLuminance } from "./timetable";
