/**
 * What the street field holds after a postal-code lookup: what was typed when it already starts
 * with one of the code's towns (the block number stays), the town when the code has exactly one,
 * and otherwise nothing, so a street left over from another address is not kept by mistake.
 */
export function streetAfterLookup(typed: string, towns: readonly string[]): string {
  const named = [...new Set(towns.filter(Boolean))];
  if (named.some((town) => typed.startsWith(town))) return typed;
  return named.length === 1 ? named[0]! : "";
}

/** The towns a person chooses from: only when the code covers more than one. */
export function townChoices(towns: readonly string[]): string[] {
  const named = [...new Set(towns.filter(Boolean))];
  return named.length > 1 ? named : [];
}
