import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';

// #4860CF (spec §1) sits at shade 6, Mantine's default primary shade in light mode.
const kineticBlue: MantineColorsTuple = [
  '#f0f2fb',
  '#dee2f6',
  '#c1c9ef',
  '#a4b0e7',
  '#8696df',
  '#6579d7',
  '#4860cf',
  '#3f54b6',
  '#37499d',
  '#2e3d84',
];
// #4D507B, the spec's secondary colour.
const kineticSlate: MantineColorsTuple = [
  '#f1f1f4',
  '#dfe0e7',
  '#c2c4d2',
  '#a6a8bd',
  '#8a8ca8',
  '#696c90',
  '#4d507b',
  '#44466c',
  '#3b3d5d',
  '#31334f',
];

export const theme = createTheme({
  primaryColor: 'kinetic',
  primaryShade: 6,
  colors: { kinetic: kineticBlue, secondary: kineticSlate },
  fontFamily: 'Lato, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Lato, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine takes the show-password button out of the Tab order; keyboard users need it. Its name stays
    // "Show password" while aria-pressed says whether the password is shown (a toggle button's pattern).
    // A plain object, not `PasswordInput.extend(...)`: that would bring the component into every page.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    } satisfies MantineThemeComponent,
  },
});

/**
 * Mantine's default dimmed grey and error red fail WCAG AA contrast on white; these pass
 * (grey 5.9:1, red #c92a2a 5.9:1 for field error text).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636e',
    '--mantine-color-error': '#c92a2a',
    // Text of the light variants (alert titles, light badges and buttons): Mantine's shade 9 of these
    // colours on their own pale background is 2.5–4:1; these darker shades of the same hue pass 5.9:1 or more.
    '--mantine-color-green-light-color': '#1f6b30',
    '--mantine-color-yellow-light-color': '#7a4a00',
    '--mantine-color-orange-light-color': '#8a3c00',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-teal-light-color': '#0b5c4e',
  },
  dark: {},
});
