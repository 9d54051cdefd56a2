import type { Plugin } from 'vite';

const MODULE =
  /\/@mantine\/core\/esm\/core\/MantineProvider\/MantineCssVariables\/remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const FUNCTION_START = 'function removeDefaultVariables(input) {';

/**
 * Mantine's `remove-default-variables.mjs` resolves every CSS variable of the default theme when the
 * module is evaluated (~15 ms on a phone, part of the first page's longest task), for a function only
 * `MantineProvider` with `withCssVariables` calls. Kinetic precomputes its variables
 * (`app/theme-variables.css`, `withCssVariables={false}`), so it never runs: the table is now built on
 * the function's first call instead. The build stops if Mantine's code no longer has these lines (an
 * upgrade: look again whether the change is still needed).
 */
export function lazyMantineDefaults(): Plugin {
  return {
    name: 'kinetic-lazy-mantine-defaults',
    apply: 'build',
    transform: {
      filter: { id: MODULE },
      handler(code, id) {
        if (!MODULE.test(id)) return null;
        if (!code.includes(EAGER) || !code.includes(FUNCTION_START)) {
          this.error(
            `${id}: Mantine's default variables are no longer built as expected; review build/lazy-mantine-defaults.ts.`,
          );
        }
        const out = code
          .replace(EAGER, 'let defaultCssVariablesTable;')
          .replace(
            FUNCTION_START,
            `${FUNCTION_START}\n\tconst defaultCssVariables = (defaultCssVariablesTable ??= defaultCssVariablesResolver(DEFAULT_THEME));`,
          );
        return { code: out, map: null };
      },
    },
  };
}
