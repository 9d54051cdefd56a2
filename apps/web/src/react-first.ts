/**
 * What the entry evaluates first (main.tsx): React and react-dom, in their own chunk (`vite.config.ts`), so
 * that their evaluation is a task of its own instead of part of one long evaluation of the whole first
 * paint (blocking time on a phone). The app imports react-dom itself; this only makes it go first.
 */
export { createRoot } from 'react-dom/client';
