// The walk of a purchase and of a bank payout through `core/`: which files each one enters, and how
// often it comes back into a file it had left (issue 31's "a purchase's walk enters each file once").
// Every exported function of core/ is wrapped as its module loads (bench/walk/hooks.ts); an entry
// is a call from one file of core/ into another. Runs on an in-memory PGlite with sandbox services.
//
//   node bench/walk.ts          (writes bench/results/walk.md)
import { writeFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";

register("./walk/hooks.ts", import.meta.url);

const { walk } = await import("./walk/tracer.ts");
type Entry = Awaited<ReturnType<typeof walk>>[number];
const { openDatabase } = await import("#db/client.ts");
const { manualClock } = await import("#core/shared/clock.ts");
const { sandboxCoreContext } = await import("#tests/helpers/core.ts");
const { makeBuyer, cardToken } = await import("#tests/helpers/trading.ts");
const { makeMember, listItem } = await import("#tests/helpers/catalog.ts");
const { purchaseItem } = await import("#core/trading/purchase-item.ts");

const ROOT = path.resolve(import.meta.dirname, "..");
const database = await openDatabase({ dataDir: "memory://" });
await database.migrate();
const clock = manualClock("2026-11-22T03:00:00Z");
const ctx = sandboxCoreContext({ db: database.db, clock, dataDir: path.join(ROOT, ".cache/walk") });

/** Files of core/shared are the core's language (errors, messages, input parsing), not steps. */
const isStep = (file: string) => !file.startsWith("core/shared/");

function summary(name: string, entries: Entry[]): string {
  const steps = entries.filter((e) => isStep(e.file));
  const count = new Map<string, number>();
  for (const e of steps) count.set(e.file, (count.get(e.file) ?? 0) + 1);
  const again = [...count.values()].reduce((sum, n) => sum + n - 1, 0);
  const rows = [...count].map(([file, n]) => {
    const fns = [...new Set(steps.filter((e) => e.file === file).map((e) => e.fn))].join(", ");
    return `| \`${file}\` | ${n} | ${fns} |`;
  });
  return [
    `## ${name}`,
    "",
    `${count.size} files entered, ${again} entries into a file already entered (core/shared left out: ${entries.length - steps.length} calls into it).`,
    "",
    "| file | entered | functions |",
    "| --- | --: | --- |",
    ...rows,
    "",
    "In order (`(callback)`: back into a file through a function it handed over):",
    "",
    "```",
    ...entries.map((e) => `${e.from ?? ""} → ${e.file} ${e.fn}`),
    "```",
    "",
  ].join("\n");
}

// A purchase by card: the door's call, card payment, escrow, ledger and the seller's notice.
const seller = await makeMember(ctx, { nickname: "walk-seller" });
const buyer = await makeBuyer(ctx, "walk-buyer");
const itemId = await listItem(ctx, seller);
const token = await cardToken(ctx);
const purchase = await walk(() =>
  purchaseItem(ctx, {
    actor: buyer,
    itemId,
    idempotencyKey: "walk-purchase-0001",
    input: { paymentMethod: "card", cardToken: token },
    returnUrl: "http://tsugu.test/ja/items/1/buy/",
  }),
);

const report = [
  "# The walk of a purchase through core/",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node bench/walk.ts\`: every exported function of \`core/\` is wrapped as`,
  "its module loads; an entry is a call from one file into another, or a return into a file through a",
  "callback it handed over. A file entered once is read in one go.",
  "",
  summary("A purchase by card (`purchaseItem`)", purchase),
].join("\n");
writeFileSync(path.join(ROOT, "bench/results/walk.md"), report);
console.log(report);
await database.close();
