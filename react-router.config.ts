import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts' test runs build side by side (e.g. .builds/mine).
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
