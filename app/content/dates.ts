// NOTE: the weekday names live in app/core/club-time.ts; browser specs (tests/e2e, not
// this change's to edit) still import them from here. Drop this file once they import
// ~/core/club-time.
export { FRENCH_WEEKDAYS } from "~/core/club-time";
