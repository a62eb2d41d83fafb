/**
 * The import rules of docs/ARCHITECTURE.md ("Layout"), checked by `npm run check:architecture`.
 * Pages, the REST API and webhooks are doors over the core; the core knows nothing of them.
 * The rules see files; rings between folders of core/ are found by scripts/check-folder-rings.ts,
 * which the same npm script runs after them.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other in a ring cannot be understood or loaded one at a time.",
      from: {},
      // Rings made only of type imports vanish when the code runs; those are allowed.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "core-is-not-a-door",
      severity: "error",
      comment: "The core never imports pages, the HTTP server, React or HTTP frameworks.",
      from: { path: "^core/", pathNot: "\\.test\\.ts$" },
      to: {
        path: [
          "^app/",
          "^server/",
          "^scripts/",
          "^bench/",
          "node_modules/(react|react-dom|react-router|hono|@hono)/",
        ],
      },
    },
    {
      name: "core-does-not-import-tests",
      severity: "error",
      comment: "Test helpers are for tests; the running core never loads them.",
      from: { path: "^core/", pathNot: "\\.test\\.ts$" },
      to: { path: "^tests/" },
    },
    {
      name: "shared-stays-shared",
      severity: "error",
      comment: "core/shared imports nothing of the core outside it but the database schema.",
      from: { path: "^core/shared/", pathNot: ["\\.test\\.ts$", "^core/shared/context\\.ts$"] },
      to: { path: "^core/", pathNot: "^core/shared/" },
    },
    {
      name: "shared-context-names-interfaces-only",
      severity: "error",
      comment:
        "The core context names the services' interfaces (type imports) and nothing else of the contexts.",
      from: { path: "^core/shared/context\\.ts$" },
      to: { path: "^core/", pathNot: "^core/shared/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "schema-is-data",
      severity: "error",
      comment: "The database schema describes tables; it imports no code of the product.",
      from: { path: "^db/schema/" },
      to: { path: ["^core/", "^app/", "^server/"] },
    },
    {
      name: "db-is-below-the-doors",
      severity: "error",
      comment: "db/ (client, migrations, seed) never imports pages or the server.",
      from: { path: "^db/" },
      to: { path: ["^app/", "^server/"] },
    },
    {
      name: "app-does-not-reach-into-the-server",
      severity: "error",
      comment: "Pages use the core, and of the server only its cookies and router context.",
      from: { path: "^app/" },
      to: {
        path: "^server/",
        pathNot: "^server/(cookies|router-context)\\.ts$",
      },
    },
    {
      name: "app-does-not-import-the-database",
      severity: "error",
      comment: "Pages read the database's lists and types through the core context that owns them.",
      from: { path: "^app/" },
      to: { path: "^db/" },
    },
    {
      name: "server-does-not-import-pages",
      severity: "error",
      comment: "The server hands requests to React Router's build; it imports no page module.",
      from: { path: "^server/", pathNot: "\\.test\\.ts$" },
      to: { path: "^app/routes/" },
    },
    {
      name: "money-ledger-is-the-floor",
      severity: "error",
      comment: "core/money/ledger posts and reads journal entries; it imports only core/shared (and db/).",
      from: { path: "^core/money/ledger/", pathNot: "\\.test\\.ts$" },
      to: { path: "^core/", pathNot: "^core/(shared|money/ledger)/" },
    },
    {
      name: "money-balance-is-below-payments",
      severity: "error",
      comment:
        "core/money/balance (proceeds, points, fees, limits) may use the ledger, never a layer above it.",
      from: { path: "^core/money/balance/", pathNot: "\\.test\\.ts$" },
      to: { path: "^core/money/(payments|top-ups|payouts|jobs)/" },
    },
    {
      name: "money-payments-is-below-top-ups-and-payouts",
      severity: "error",
      comment:
        "core/money/payments may use balance and ledger; top-ups, payouts and the money jobs build on it.",
      from: { path: "^core/money/payments/", pathNot: "\\.test\\.ts$" },
      to: { path: "^core/money/(top-ups|payouts|jobs)/" },
    },
    {
      name: "money-top-ups-and-payouts-stand-apart",
      severity: "error",
      comment:
        "Top-ups and payouts stand side by side on payments, balance and ledger, never importing each other; what drives both is a money job.",
      from: { path: "^core/money/(top-ups|payouts)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^core/money/(top-ups|payouts|jobs)/", pathNot: "^core/money/$1/" },
    },
    {
      name: "money-jobs-are-called-from-the-edge",
      severity: "error",
      comment:
        "core/money/jobs (the deadline and sync jobs over top-ups and payouts) is the top money layer: only the server and its job registry start it.",
      from: { path: "^(core|db)/", pathNot: ["^core/money/jobs/", "\\.test\\.ts$"] },
      to: { path: "^core/money/jobs/" },
    },
    {
      name: "banking-is-reference-data",
      severity: "error",
      comment:
        "core/banking (bank directory, Japan Post, Zengin kana and files, banking days) knows nothing of money.",
      from: { path: "^core/banking/", pathNot: "\\.test\\.ts$" },
      to: { path: "^core/money/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      // React Router's route types (./+types/…) are generated by `react-router typegen`.
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules|\\.cache)/" },
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
