import { parseArgs } from "node:util";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { addOperator } from "#core/staff/add-operator.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { createServices, openConfiguredDatabase } from "#server/services.ts";

/**
 * `npm run operator -- add EMAIL [--nickname NAME] [--roles admin,finance]`: adds a back-office
 * operator to the installation `npm start` runs, with the same settings (APP_ENV, DATABASE_URL…).
 * How a production deployment gets its first admin. Prints the single-use link (24 hours) where the
 * new operator sets a password; two-step verification is asked for at their first sign-in. Stop the
 * server first when it uses the embedded database.
 */
const USAGE = "Usage: npm run operator -- add EMAIL [--nickname NAME] [--roles admin,support,finance,…]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { nickname: { type: "string" }, roles: { type: "string" } },
});
if (positionals[0] !== "add" || positionals.length !== 2) {
  console.error(USAGE);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const services = await createServices(config, database);
  const added = await addOperator(services.core, {
    input: {
      email: positionals[1],
      ...(values.nickname !== undefined && { nickname: values.nickname }),
      ...(values.roles !== undefined && { roles: values.roles.split(",").map((r) => r.trim()) }),
    },
  });
  console.log(
    `${added.created ? "Added" : "Updated"} operator #${added.userId} (${positionals[1]}) with roles: ${added.roles.join(", ")}`,
  );
  if (added.setPasswordLink) {
    console.log(`Set the password here, once, within 24 hours:\n  ${added.setPasswordLink}`);
    console.log("Two-step verification is set up at the first sign-in; the back office opens after it.");
  }
} catch (error) {
  if (!isAppError(error)) throw error;
  const said = localizeError(error, "en");
  console.error([said.message, ...Object.entries(said.fields).map(([f, m]) => `  ${f}: ${m}`)].join("\n"));
  process.exitCode = 1;
} finally {
  await database.close();
}
