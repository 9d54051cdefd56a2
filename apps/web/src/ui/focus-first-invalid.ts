/**
 * After a form is refused, focus its first field marked invalid (on a phone it may be far above the
 * button); without one, bring its message into view. Runs after the errors have rendered.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else root?.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView({ block: 'center' });
  });
}
