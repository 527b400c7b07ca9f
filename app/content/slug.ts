// NOTE: slugify lives in app/core/slug.ts; a browser spec (tests/e2e, not this change's
// to edit) still imports it from here. Drop this file once it imports ~/core/slug.
export { slugify } from "~/core/slug";
