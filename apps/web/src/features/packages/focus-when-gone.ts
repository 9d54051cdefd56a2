/**
 * After a list action removes its own row (archive, restore, delete), the button that was pressed is gone
 * and focus would fall to the page. Once the row has left the page (`gone`), this puts focus on `target`
 * (the next row's first control, or the section's heading) — unless the user has already moved it
 * somewhere else on the page. Tries for about half a second: the list is re-read after the change.
 */
export function focusWhenGone(gone: () => boolean, target: () => HTMLElement | null | undefined): void {
  const attempt = (left: number) => {
    if (!gone() && left > 0) {
      window.setTimeout(() => attempt(left - 1), 25);
      return;
    }
    const active = document.activeElement;
    const moved =
      active instanceof HTMLElement &&
      active !== document.body &&
      active.isConnected &&
      !active.closest('[role="dialog"]');
    if (!moved) target()?.focus();
  };
  window.setTimeout(() => attempt(20), 0);
}

/** The element with this `aria-label` (a row's button), if it is on the page. */
export const byLabel = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('[aria-label]')].find(
    (element) => element.getAttribute('aria-label') === label,
  );
