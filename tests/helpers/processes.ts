import { execFileSync } from "node:child_process";

/** The ids of a process's direct children (the server processes `npm start` supervises), or none. */
export function childProcesses(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)])
      .toString()
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there is no child.
    return [];
  }
}
