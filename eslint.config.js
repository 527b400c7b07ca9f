import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./lint/layers.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".builds/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Forms take zod with the site's rule for typed text (app/core/zod.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/core/zod.ts", "app/domains/membership/helloasso/api.server.ts", "app/domains/backups/manifest.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Import zod from ~/core/zod: its strings refuse control characters.",
            },
          ],
        },
      ],
    },
  },
  {
    // The direction of imports (docs/decisions/027-domain-shape.md).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { layers },
    rules: { "layers/direction": "error", "layers/no-cycle": "error" },
  },
);
