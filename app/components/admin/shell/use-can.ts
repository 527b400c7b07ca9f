import { useRouteLoaderData } from "react-router";
import { can, type Capability, type Role } from "~/domains/volunteers/capabilities";

/** The admin layout's route id (app/routes.ts): its loader gives the volunteer's roles. */
const LAYOUT_ROUTE_ID = "routes/admin/layout";

/**
 * Whether the signed-in volunteer's roles grant this capability, for a screen's buttons.
 * It only hides what the server's guard would refuse (requireCapability decides).
 */
export function useCan(capability: Capability): boolean {
  const layout = useRouteLoaderData(LAYOUT_ROUTE_ID) as { roles: Role[] } | undefined;
  return layout ? can(layout.roles, capability) : false;
}
