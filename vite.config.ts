import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles the Express app with the React Router build, so
  // production runs plain JavaScript (the built server/index.ts imports build/server/index.js).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
