// The app loads through a dynamic import so that its stylesheet is applied by script when the app mounts
// instead of being linked from the page, where it would block the first paint (index.html paints a
// "Loading…" line meanwhile). The built page preloads the chunks and the stylesheet (vite.config.ts).
void import('./mount.tsx');
