import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const SQL_IN_REPOSITORIES = "Queries and tables belong in a *.repository.ts of the module (docs/decisions/085); call that module's repository or another module's service.";

const OTHER_MODULES_THROUGH_SERVICES = "Another module's data comes through that module's service, never its repository (docs/decisions/085).";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/build/**", "**/dist/**", "**/.react-router/**", ".data/**", "test-results/**", "playwright-report/**", "apps/server/src/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  {
    files: ["apps/web/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // SQL lives in repositories (docs/decisions/085): a service, route or plugin asks its module's repository, or
    // another module's service, never the query builder or the tables themselves (types of rows are fine).
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts"],
    ignores: [
      "apps/server/src/**/*.repository.ts",
      "apps/server/src/db/**",
      "apps/server/src/**/*.test.ts",
      "apps/server/src/test/**",
      "apps/server/src/**/test-helpers.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: SQL_IN_REPOSITORIES }],
          patterns: [
            { group: ["drizzle-orm/*"], message: SQL_IN_REPOSITORIES },
            { group: ["**/db/schema", "**/db/schema/*"], allowTypeImports: true, message: SQL_IN_REPOSITORIES },
            { group: ["../*/*.repository.js", "../*/*.repository"], allowTypeImports: true, message: OTHER_MODULES_THROUGH_SERVICES },
          ],
        },
      ],
    },
  },
  {
    // A repository answers for its own module's tables; it never calls another module's repository (docs/decisions/085).
    files: ["apps/server/src/**/*.repository.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../*/*.repository.js", "../*/*.repository"], allowTypeImports: true, message: OTHER_MODULES_THROUGH_SERVICES }] }],
    },
  },
  {
    // The browser must never import server code at runtime (types only).
    files: ["apps/web/app/**/*.{ts,tsx}"],
    rules: {
      // Replaces the rule's options above for these files, so it repeats the query-builder ban.
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: SQL_IN_REPOSITORIES }],
          patterns: [
            { group: ["drizzle-orm/*"], message: SQL_IN_REPOSITORIES },
            { group: ["@khelkud/server", "@khelkud/server/*", "**/apps/server/**"], allowTypeImports: true, message: "The web app imports only types from the server." },
          ],
        },
      ],
    },
  },
);
