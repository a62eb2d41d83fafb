/**
 * Fails when folders of `core/` import each other in a ring (`node scripts/check-folder-rings.ts`).
 *
 * dependency-cruiser's `no-circular` rule sees rings between files only; two folders can still
 * import each other through different files. This check runs dependency-cruiser over `core` with
 * the project's configuration, collapses each module to its folder (`core/<folder>` and, inside
 * `core/money/`, `core/money/<layer>`), and reports every strongly connected group of folders with
 * one example import for each edge.
 *
 * Tests are left out (`*.test.ts`: a test may reach across folders). Type-only imports are left
 * out too, as the file-level rule leaves out rings made of them: they vanish when the code runs.
 */
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/** One import between two modules of the product. */
export type Import = { from: string; to: string; typeOnly?: boolean };

/** Two folders in a ring, with one of the imports that links them. */
export type FolderEdge = { from: string; to: string; example: Import };

export type FolderRing = { folders: string[]; edges: FolderEdge[] };

/** The folder a module of `core/` belongs to, or undefined for a module outside it. */
export function folderOf(path: string): string | undefined {
  const parts = path.split("/");
  if (parts[0] !== "core" || parts.length < 2) return undefined;
  if (parts.length === 2) return "core";
  if (parts[1] === "money" && parts.length > 3) return `core/money/${parts[2]}`;
  return `core/${parts[1]}`;
}

/** The folder-level graph: one edge per pair of folders, with the first import seen as its example. */
function folderGraph(imports: Import[]): Map<string, Map<string, Import>> {
  const graph = new Map<string, Map<string, Import>>();
  for (const edge of imports) {
    if (edge.typeOnly) continue;
    const from = folderOf(edge.from);
    const to = folderOf(edge.to);
    if (!from || !to || from === to) continue;
    const targets = graph.get(from) ?? new Map<string, Import>();
    if (!targets.has(to)) targets.set(to, edge);
    graph.set(from, targets);
    if (!graph.has(to)) graph.set(to, new Map());
  }
  return graph;
}

/** Tarjan's strongly connected components; those of two folders or more are rings. */
export function findFolderRings(imports: Import[]): FolderRing[] {
  const graph = folderGraph(imports);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: FolderRing[] = [];
  let next = 0;

  const visit = (folder: string): void => {
    index.set(folder, next);
    low.set(folder, next);
    next++;
    stack.push(folder);
    onStack.add(folder);
    for (const target of graph.get(folder)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length < 2) return;
    const folders = group.sort();
    const inGroup = new Set(folders);
    const edges: FolderEdge[] = [];
    for (const from of folders) {
      for (const [to, example] of graph.get(from) ?? []) {
        if (inGroup.has(to)) edges.push({ from, to, example });
      }
    }
    edges.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    rings.push({ folders, edges });
  };

  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return rings.sort((a, b) => (a.folders[0] ?? "").localeCompare(b.folders[0] ?? ""));
}

/** The report: each ring, its folders, and for each edge the import that makes it. */
export function describeRings(rings: FolderRing[]): string {
  return rings
    .map((ring, i) =>
      [
        `Ring ${i + 1}: ${ring.folders.join(", ")}`,
        ...ring.edges.map((e) => `  ${e.from} → ${e.to}  (${e.example.from} imports ${e.example.to})`),
      ].join("\n"),
    )
    .join("\n\n");
}

/** The imports between modules of `core/` as dependency-cruiser resolves them, tests left out. */
function importsOf(result: ICruiseResult): Import[] {
  const imports: Import[] = [];
  for (const module of result.modules) {
    for (const dependency of module.dependencies) {
      if (dependency.couldNotResolve || dependency.coreModule) continue;
      imports.push({
        from: module.source,
        to: dependency.resolved,
        typeOnly: dependency.dependencyTypes.includes("type-only"),
      });
    }
  }
  return imports;
}

/** The configuration's own exclusions, which may be written as a pattern, a list or an object. */
function excluded(exclude: ICruiseOptions["exclude"]): string[] {
  if (!exclude) return [];
  if (typeof exclude === "string" || Array.isArray(exclude)) return [exclude].flat();
  return [exclude.path ?? []].flat();
}

async function main(): Promise<void> {
  const { ruleSet: _rules, ...options } = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
  const tsConfigFile = options.tsConfig?.fileName;
  const { output } = await cruise(
    ["core"],
    {
      ...options,
      validate: false,
      exclude: { path: ["\\.test\\.ts$", ...excluded(options.exclude)] },
      outputType: "json",
    },
    {},
    { tsConfig: tsConfigFile ? extractTSConfig(tsConfigFile) : undefined },
  );
  const result: ICruiseResult = typeof output === "string" ? JSON.parse(output) : output;
  const rings = findFolderRings(importsOf(result));
  if (rings.length === 0) {
    console.log(`No ring between the folders of core/ (${result.modules.length} modules).`);
    return;
  }
  console.error(`Folders of core/ that import each other in a ring:\n\n${describeRings(rings)}`);
  process.exitCode = 1;
}

if (import.meta.main) await main();
