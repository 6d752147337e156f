/**
 * Build-time chunk groups for the first screen (docs/performance.md): the app's own source modules
 * (what `src/app/start.tsx` imports, statically, all the way down) in one chunk, and the rest of
 * home's first screen (what the modules the server renders import) in a second one. Left to the
 * automatic splitting, the same modules came as about forty chunks: each a request, a compile and a
 * piece of the main thread's work of its own, for code that runs together anyway.
 *
 * Only the app's sources are grouped. Libraries stay where the automatic splitting puts them, and a
 * group does not pull in its modules' dependencies: a library behind a barrel import would otherwise
 * come along whole (antd-mobile's dialog and its animation library, for one).
 *
 * A module of either group that another screen also uses is fetched there with its group: the app's
 * modules are on every screen already; home's are a few kilobytes more on a page opened at another
 * screen, against tens of requests fewer on the page most visits open.
 *
 * The first-screen modules that other screens import as well make a third group, `shared`, when they
 * bring nothing else along: the app's sources, with no stylesheet, whose own imports are all on every
 * page already (the app's group, the entry's, the framework's) or in the same group. The small ones
 * among them (a query key, a money formatter) go with the app's modules instead, so that a screen that
 * needs one of them does not fetch the group. Left alone, each was a chunk, and a request, of its
 * own; all in the app's group, they would be 6 KB more on the screens that use none of them.
 */

/** What the bundler tells a group's `name` about a module (a subset of its module info). */
interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    /** The module's code as the bundler has it (none for a module it has not loaded). */
    code?: string | null;
  } | null;
}

type ModuleInfo = NonNullable<ReturnType<ModuleGraph['getModuleInfo']>>;

/** The modules the graph knows among the roots and what they lead to, one step being `next`. */
function reached(
  graph: ModuleGraph,
  roots: readonly string[],
  next: (info: ModuleInfo) => readonly string[],
): Map<string, ModuleInfo> {
  const seen = new Map<string, ModuleInfo>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.set(id, info);
    pending.push(...next(info));
  }
  return seen;
}

/** A module's static imports: the bundler's list of its imports holds its dynamic ones too. */
function staticImportsOf(info: ModuleInfo): string[] {
  const dynamic = new Set(info.dynamicallyImportedIds);
  return info.importedIds.filter((imported) => !dynamic.has(imported));
}

/** The modules a root reaches through static imports only, the root included. */
export function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  return new Set(reached(graph, roots, staticImportsOf).keys());
}

/** The modules loaded by a dynamic import somewhere in what the roots reach, static or dynamic. */
export function dynamicEntries(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const infos = reached(graph, roots, (info) => info.importedIds).values();
  return new Set([...infos].flatMap((info) => info.dynamicallyImportedIds));
}

const STYLESHEET = /\.css($|\?)/;

/** Code (in characters, as the bundler has it) small enough to go on every page with the app's. */
const SMALL = 1_500;

/** The modules of `candidates` whose static imports are all `allowed` or candidates kept in turn. */
function selfContained(
  candidates: ReadonlyMap<string, readonly string[]>,
  allowed: (id: string) => boolean,
): Set<string> {
  const kept = new Set(candidates.keys());
  // A module that imports one left out is left out in turn, until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of kept) {
      if (candidates.get(id)!.some((imported) => !kept.has(imported) && !allowed(imported))) {
        kept.delete(id);
        changed = true;
      }
    }
  }
  return kept;
}

/**
 * Where the first screen's modules that other screens use too can go, among `shared`: the app's
 * sources without a stylesheet whose static imports are all on every page (`onEveryPage`, or a
 * library `everywhere`) or go along with them. The small ones go with the app's modules (`app`),
 * the others in a group of their own (`common`).
 */
function sharedGroups(
  graph: ModuleGraph,
  shared: ReadonlySet<string>,
  onEveryPage: (id: string) => boolean,
  options: { excluded: (id: string) => boolean; everywhere: (id: string) => boolean },
): { app: Set<string>; common: Set<string> } {
  const eligible = new Map<string, readonly string[]>();
  const small = new Map<string, readonly string[]>();
  for (const id of shared) {
    const info = graph.getModuleInfo(id);
    if (!info || options.excluded(id) || STYLESHEET.test(id)) continue;
    const imports = staticImportsOf(info);
    if (imports.some((imported) => STYLESHEET.test(imported))) continue;
    eligible.set(id, imports);
    if ((info.code?.length ?? Infinity) <= SMALL) small.set(id, imports);
  }
  const everywhere = (id: string) => onEveryPage(id) || options.everywhere(id);
  const app = selfContained(small, everywhere);
  for (const id of app) eligible.delete(id);
  const common = selfContained(eligible, (id) => everywhere(id) || app.has(id));
  return { app, common };
}

/**
 * The `name` of a chunk group: `app` for the app's modules, `first-screen` for the rest of the first
 * screen's, `shared` for those of its modules other screens use too, nothing for any other module (or
 * one `excluded` keeps for another group). `entry` (the page's entry module, which imports the app
 * dynamically), `app` and `screen` are module ids (absolute paths).
 */
export function firstScreenGroups(options: {
  entry: string;
  app: string;
  screen: readonly string[];
  excluded: (id: string) => boolean;
  /** The libraries every page loads (the framework's group). */
  everywhere: (id: string) => boolean;
}) {
  // One chunking pass asks with one graph: the closures are worked out once for it.
  let memo: { graph: ModuleGraph; app: Set<string>; screen: Set<string>; common: Set<string> } | null = null;
  const groupsOf = (graph: ModuleGraph) => {
    if (memo?.graph !== graph) {
      const app = staticClosure(graph, [options.app]);
      const screen = staticClosure(graph, options.screen);
      for (const id of app) screen.delete(id);
      // What the entry imports itself stays in the entry's chunk: in a group, it would make the entry
      // import the group, and the page's head preload it ahead of the first banner.
      const entry = staticClosure(graph, [options.entry]);
      for (const id of entry) {
        app.delete(id);
        screen.delete(id);
      }
      // What another screen (or a part loaded later) also imports stays out of the first screen's
      // group: that screen would otherwise fetch the whole group, and the stylesheets of its
      // libraries, in an order its own styles were not written for.
      const roots = new Set([options.app, ...options.screen]);
      const others = [...dynamicEntries(graph, [options.app])].filter((entry) => !roots.has(entry));
      const shared = new Set<string>();
      for (const id of staticClosure(graph, others)) {
        if (screen.delete(id) && !roots.has(id)) shared.add(id);
      }
      const moved = sharedGroups(graph, shared, (id) => app.has(id) || entry.has(id), options);
      for (const id of moved.app) app.add(id);
      const common = moved.common;
      // The roots stay chunks of their own: the build's manifest names a dynamically imported module
      // only when it is the start of a chunk, and the server looks the first screen up by those names.
      for (const id of [options.app, ...options.screen]) {
        app.delete(id);
        screen.delete(id);
      }
      memo = { graph, app, screen, common };
    }
    return memo;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    if (options.excluded(id)) return null;
    const { app, screen, common } = groupsOf(graph);
    if (app.has(id)) return 'app';
    if (screen.has(id)) return 'first-screen';
    if (common.has(id)) return 'shared';
    return null;
  };
}
