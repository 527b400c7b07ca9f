import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The one URL map: French URLs on the left, English file names on the right.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("healthz", "routes/resources/healthz.ts"),
] satisfies RouteConfig;
