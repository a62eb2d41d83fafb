import { expect, it } from "vitest";
import { isAppError } from "#core/shared/errors.ts";
import { assertCreatable, type Machine, nextState } from "#core/state/machine.ts";

/**
 * Checks a machine against a matrix written out by hand. `grid`: a header line naming the states,
 * then one line per action: its name, the state it leads to, and one cell per state holding the
 * letters of the roles allowed from there (`-` for none). `roles` maps letters to role names.
 * Every state × action × role is tried: allowed exactly where the grid says, otherwise refused
 * with FORBIDDEN (a role the action never takes) or CONFLICT (a role it takes, in another state).
 */
export function goldenMatrix<S extends string, A extends string, R extends string>(
  machine: Machine<S, A, R>,
  o: { roles: Record<string, R>; grid: string; create: Partial<Record<S, string>>; heldFrom?: S },
): void {
  const lines = o.grid
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/));
  const [header, ...rows] = lines;
  const states = header! as S[];
  const roles = Object.values(o.roles) as R[];
  it("names every state and every action exactly once", () => {
    expect([...states].sort()).toEqual([...machine.states].sort());
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(machine.transitions).sort());
  });
  for (const row of rows) {
    const [action, to, ...cells] = row as [A, string, ...string[]];
    const everyRole = new Set(cells.flatMap((c) => (c === "-" ? [] : [...c].map((l) => o.roles[l]))));
    states.forEach((from, i) => {
      const allowed = new Set(cells[i] === "-" ? [] : [...cells[i]!].map((l) => o.roles[l]));
      for (const role of roles) {
        const expected = allowed.has(role)
          ? to === "held"
            ? o.heldFrom
            : to
          : everyRole.has(role)
            ? "CONFLICT"
            : "FORBIDDEN";
        it(`${from} --${action}--> as ${role}: ${expected}`, () => {
          let got: string;
          try {
            got = nextState(machine, from, action, role, o.heldFrom);
          } catch (error) {
            if (!isAppError(error)) throw error;
            got = error.code;
          }
          expect(got).toBe(expected);
        });
      }
    });
  }
  for (const state of machine.states) {
    for (const role of roles) {
      const letters: string = o.create[state] ?? "";
      const allowed = [...letters].map((l) => o.roles[l]).includes(role);
      it(`creates in ${state} as ${role}: ${allowed ? "allowed" : "refused"}`, () => {
        if (allowed) expect(() => assertCreatable(machine, state, role)).not.toThrow();
        else expect(() => assertCreatable(machine, state, role)).toThrow();
      });
    }
  }
}
