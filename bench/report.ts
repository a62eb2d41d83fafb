// What each benchmark writes: its figures, with the commit and the machine they were measured on,
// to bench/results/<benchmark>-<date>.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The commit being measured, read when a benchmark starts (the tree may move while it runs). */
export function commitUnderTest(): string {
  return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
}

/** Writes a benchmark's report and answers its path, relative to the project. */
export function writeReport(benchmark: string, commit: string, figures: Record<string, unknown>): string {
  const date = new Date().toISOString();
  const report = {
    benchmark,
    date,
    commit,
    machine: { cpus: cpus().length, node: process.version },
    ...figures,
  };
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  const file = path.join(ROOT, "bench/results", `${benchmark}-${date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(ROOT, file);
}
