import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../test/render-page.tsx'; // jsdom lacks matchMedia, which the provider reads
import { cssVariablesResolver, theme } from './theme.ts';

const FILE = path.join(import.meta.dirname, 'theme-variables.css');
const HEADER = `/*
 * The CSS variables of Kinetic's Mantine theme (theme.ts), as Mantine's provider would write them into a
 * <style> on every page load: written here once instead (providers.tsx turns the provider's off), since
 * computing them was ~50 ms of a phone's first render (issue 11 §7). theme-variables.test.tsx checks this
 * file against what Mantine generates from theme.ts; UPDATE_THEME_VARIABLES=1 npx vitest run --project web
 * src/app/theme-variables.test.tsx rewrites it after a theme change.
 */
`;

/** What MantineProvider renders for the theme, one declaration block per line. */
function generated(): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <span />
    </MantineProvider>,
    { container: document.head.appendChild(document.createElement('div')) },
  );
  // The variables' <style>, not the one with Mantine's global classes (hidden-from, visible-from), which stays.
  const css = [...document.querySelectorAll('style[data-mantine-styles]')]
    .map((style) => style.innerHTML)
    .filter((text) => text.startsWith(':root'))
    .join('');
  unmount();
  container.remove();
  return css.replace(/\}\s*/g, '}\n');
}

describe('theme-variables.css', () => {
  it('holds exactly the variables Mantine generates from theme.ts', () => {
    const expected = HEADER + generated();
    if (process.env.UPDATE_THEME_VARIABLES) writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });
});
