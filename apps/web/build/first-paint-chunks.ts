import { existsSync, readFileSync } from 'node:fs';
import type { Plugin, PluginContext } from 'rolldown';

/**
 * Chunks for the client group's first paint (issue 11 §7).
 *
 * Left to itself the bundler cuts one chunk per set of pages sharing a module, so the client login
 * downloaded ~50 files (every Mantine component the admin pages also use is its own chunk). Over
 * HTTP/1.1 that is six requests at a time, a round trip each, ~1 kB of headers each, and each file
 * compressed without the others' dictionary. This plugin names a chunk per first-paint page instead:
 *
 * - `app`: what the app shell (`mount.tsx`) uses, plus what two or more of the pages use;
 * - `client-login`: the rest of what the login page uses;
 * - `client-calendar`: the rest of what the client calendar uses (client shell and calendar page);
 * - `event-page`: the rest of what the public event page uses (issue 12 §5).
 *
 * Every other page keeps the default chunks, and imports from these where it shares a module.
 *
 * "Uses" has to mean the modules the bundle keeps, not every module an import line reaches: a line
 * `import { Button } from '@mantine/core'` reaches the whole library through its index. So the walk
 * follows names through modules that only re-export (package indexes, `@kinetic/shared`'s index) and
 * takes a module with code of its own as a whole, with everything it imports.
 */

interface Binding {
  source: string;
  /** The name in the source module; `*` for a namespace. */
  imported: string;
}

interface Links {
  /** Only imports and re-exports: a name is looked up, not the whole module taken. */
  barrel: boolean;
  /** Exported name → where it comes from (barrels). */
  bindings: Map<string, Binding>;
  /** `export * from` sources. */
  stars: string[];
  /** What the module needs when it is taken whole: each source with the names it uses (`*`: all). */
  needs: { source: string; names: string[] }[];
}

type AstNode = { type: string; [key: string]: unknown };
const TYPE_ONLY = /^TS(TypeAlias|Interface)Declaration$/;
type Ctx = Pick<PluginContext, 'parse' | 'resolve' | 'getModuleInfo'>;

const nameOf = (node: unknown): string => {
  const n = node as { type: string; name?: string; value?: string };
  return n.type === 'Literal' ? String(n.value) : String(n.name);
};

function linksOf(ctx: Ctx, id: string, code: string): Links {
  const lang = id.endsWith('.tsx') ? 'tsx' : id.endsWith('.ts') ? 'ts' : 'js';
  const program = ctx.parse(code, { lang }) as unknown as { body: AstNode[] };
  const links: Links = { barrel: true, bindings: new Map(), stars: [], needs: [] };
  const imported = new Map<string, Binding>();
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      if (node.importKind === 'type') continue;
      const source = String((node.source as { value: string }).value);
      const specifiers = (node.specifiers as AstNode[]).filter((s) => s.importKind !== 'type');
      if ((node.specifiers as AstNode[]).length === 0) {
        // `import './x.css'` or `import 'x'`: taken for its effects.
        links.needs.push({ source, names: ['*'] });
        links.barrel = false;
        continue;
      }
      const names: string[] = [];
      for (const s of specifiers) {
        const local = nameOf(s.local);
        const name =
          s.type === 'ImportNamespaceSpecifier'
            ? '*'
            : s.type === 'ImportDefaultSpecifier'
              ? 'default'
              : nameOf(s.imported);
        imported.set(local, { source, imported: name });
        names.push(name);
      }
      if (names.length > 0) links.needs.push({ source, names });
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exportKind === 'type') continue;
      const source = String((node.source as { value: string }).value);
      if (node.exported) links.bindings.set(nameOf(node.exported), { source, imported: '*' });
      else links.stars.push(source);
      links.needs.push({ source, names: ['*'] });
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      if (node.exportKind === 'type') continue;
      const source = node.source ? String((node.source as { value: string }).value) : null;
      for (const s of node.specifiers as AstNode[]) {
        if (s.exportKind === 'type') continue;
        const local = nameOf(s.local);
        const exported = nameOf(s.exported);
        if (source) {
          links.bindings.set(exported, { source, imported: local });
          links.needs.push({ source, names: [local] });
        } else {
          const binding = imported.get(local);
          if (binding) links.bindings.set(exported, binding);
          else links.barrel = false; // exports a binding of its own
        }
      }
    } else if (node.type === 'ExpressionStatement' && typeof node.directive === 'string') {
      continue; // 'use client'
    } else {
      const declaration = node.type === 'ExportNamedDeclaration' ? (node.declaration as AstNode) : node;
      if (!TYPE_ONLY.test(declaration.type)) links.barrel = false;
    }
  }
  return links;
}

/** The modules the bundle keeps for `roots`, following names through re-exporting modules. */
interface Used {
  modules: Set<string>;
  /** The import chain that brought `id` in, from the module back to a root. */
  chainTo(id: string): string[];
}

async function usedModules(ctx: Ctx, roots: string[]): Promise<Used> {
  const links = new Map<string, Links | null>();
  const resolved = new Map<string, string | null>();
  const taken = new Set<string>();
  const looked = new Set<string>();
  /** Who brought each module in (FIRST_PAINT_WHY prints the chain). */
  const via = new Map<string, string>();
  let from = '';

  const linksFor = (id: string): Links | null => {
    if (!links.has(id)) {
      const info = ctx.getModuleInfo(id);
      const esm = info?.code && info.inputFormat === 'es' && /\.(m?js|tsx?)$/.test(id);
      links.set(id, esm ? linksOf(ctx, id, info.code ?? '') : null);
    }
    return links.get(id) ?? null;
  };
  const resolve = async (source: string, importer: string): Promise<string | null> => {
    const key = `${importer}\n${source}`;
    if (!resolved.has(key)) {
      const result = await ctx.resolve(source, importer);
      resolved.set(key, result && !result.external ? result.id : null);
    }
    return resolved.get(key) ?? null;
  };
  const exportsName = (id: string, name: string) => ctx.getModuleInfo(id)?.exports.includes(name) ?? false;

  async function follow(id: string, name: string): Promise<void> {
    if (!via.has(id)) via.set(id, from);
    const mod = linksFor(id);
    if (!mod || !mod.barrel) return take(id);
    const key = `${id}\n${name}`;
    if (looked.has(key)) return;
    looked.add(key);
    if (name === '*') {
      for (const need of mod.needs) {
        const target = await resolve(need.source, id);
        if (target) for (const n of need.names) await follow(target, n);
      }
      return;
    }
    const binding = mod.bindings.get(name);
    if (binding) {
      const target = await resolve(binding.source, id);
      if (target) await follow(target, binding.imported);
      return;
    }
    for (const star of mod.stars) {
      const target = await resolve(star, id);
      if (target && exportsName(target, name)) await follow(target, name);
    }
  }

  async function take(id: string): Promise<void> {
    if (taken.has(id)) return;
    taken.add(id);
    if (!via.has(id)) via.set(id, from);
    const mod = linksFor(id);
    if (!mod) {
      // CommonJS (react, react-dom), CSS, assets: everything they import.
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) {
        from = id;
        await take(dep);
      }
      return;
    }
    for (const need of mod.needs) {
      const target = await resolve(need.source, id);
      from = id;
      if (target) for (const n of need.names) await follow(target, n);
    }
  }

  for (const root of roots) await take(root);
  const chainTo = (id: string) => {
    const chain = [id];
    for (let at = via.get(id); at && chain.length < 40; at = via.get(at)) chain.push(at);
    return chain;
  };
  const why = process.env.FIRST_PAINT_WHY;
  if (why) {
    for (const id of taken) {
      if (!id.includes(why)) continue;
      const from = roots.map((r) => r.split('/').pop()).join('+');
      console.log(`[first-paint-chunks] ${from}: ${chainTo(id).join(' ← ')}`);
    }
  }
  return { modules: taken, chainTo };
}

/** The chain as a reader wants it: from the root down, paths from the repository. */
const readable = (chain: string[]) =>
  [...chain]
    .reverse()
    .map((id) => id.replace(/^.*?\/(apps|packages|node_modules)\//, '$1/'))
    .join(' → ');

export interface FirstPaintPages {
  /** The app shell: the module the entry loads. */
  shell: string;
  /** Each page's route modules (what its route's `lazy` imports). */
  pages: Record<string, string[]>;
  /**
   * The stylesheet the shell carries with Mantine's styles for these pages (`@import`s of
   * `@mantine/core/styles/<Component>.layer.css`): the build fails if a component in these chunks has a
   * stylesheet that is not imported there, since the page would draw it unstyled.
   */
  mantineCss: string;
  /**
   * Modules that must not reach these pages (matched against module ids), each with the reason: the
   * build fails naming the import chain that brought one in.
   */
  forbidden: { pattern: RegExp; reason: string }[];
}

const MANTINE_COMPONENT = /^(.*\/@mantine\/core\/)esm\/components\/([^/]+)\//;

/** Mantine components among `modules` whose stylesheet `cssFile` does not import. */
function unstyledComponents(modules: Iterable<string>, cssFile: string): string[] {
  const imported = new Set(
    [
      ...readFileSync(cssFile, 'utf8').matchAll(
        /@import\s+['"]@mantine\/core\/styles\/([\w-]+)\.layer\.css['"]/g,
      ),
    ].map((match) => match[1]),
  );
  const missing = new Set<string>();
  for (const id of modules) {
    const [, root, component] = MANTINE_COMPONENT.exec(id) ?? [];
    if (!root || !component || imported.has(component)) continue;
    if (existsSync(`${root}styles/${component}.layer.css`)) missing.add(component);
  }
  return [...missing].sort();
}

/**
 * Fills `groups` (chunk name → module ids) at the end of the module graph, before chunking; the
 * `codeSplitting.groups` in vite.config.ts read it.
 */
export function firstPaintChunks(config: FirstPaintPages, groups: Map<string, Set<string>>): Plugin {
  return {
    name: 'kinetic-first-paint-chunks',
    async buildEnd(error) {
      groups.clear();
      if (error) return;
      const ownable = (id: string) => !id.startsWith('\0') && !this.getModuleInfo(id)?.isEntry;
      const shell = await usedModules(this, [config.shell]);
      const pages = await Promise.all(
        Object.entries(config.pages).map(
          async ([name, roots]) => [name, await usedModules(this, roots)] as const,
        ),
      );
      for (const used of [shell, ...pages.map(([, page]) => page)]) {
        for (const { pattern, reason } of config.forbidden) {
          const found = [...used.modules].find((id) => pattern.test(id));
          if (found) this.error(`${reason}\nImported by: ${readable(used.chainTo(found))}`);
        }
      }
      const core = new Set(shell.modules);
      // What two or more listed pages use goes with the shell: left in each page's set, the first group
      // would take it and the other page would download that whole chunk for it.
      const uses = new Map<string, number>();
      for (const [, used] of pages) for (const id of used.modules) uses.set(id, (uses.get(id) ?? 0) + 1);
      for (const [id, count] of uses) if (count >= 2) core.add(id);
      groups.set('app', new Set([...core].filter(ownable)));
      for (const [name, used] of pages) {
        groups.set(name, new Set([...used.modules].filter((id) => ownable(id) && !core.has(id))));
      }
      const unstyled = unstyledComponents(
        [...groups.values()].flatMap((ids) => [...ids]),
        config.mantineCss,
      );
      if (unstyled.length > 0) {
        this.error(
          `The client group's first paint draws Mantine components whose styles ${config.mantineCss} does not import: ` +
            `${unstyled.join(', ')}. Add @import '@mantine/core/styles/<Component>.layer.css' for each, in the order of Mantine's styles.css.`,
        );
      }
    },
  };
}
