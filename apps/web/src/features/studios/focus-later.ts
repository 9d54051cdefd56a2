/**
 * Focuses an element once React has rendered it (a row just added) or, when a row is removed, what
 * takes its place, so keyboard users are never dropped to the top of the page.
 */
export function focusLater(selector: string): void {
  window.setTimeout(() => {
    const element = document.querySelector<HTMLElement>(selector);
    element?.focus();
  }, 0);
}
