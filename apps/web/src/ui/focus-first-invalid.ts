/** How many frames a refusal waits for its errors to render (React commits them in a task of its own). */
const FRAMES = 20;

/**
 * After a form is refused, focus its first field marked invalid (on a phone it may be far above the
 * button); without one, bring its message into view. Runs once the errors have rendered: the refusal's
 * state is committed by React in a task of its own, which on a busy phone can come after the next frame,
 * so it looks again for a few frames before settling for the message.
 */
export function focusFirstInvalid(root: HTMLElement | null, framesLeft = FRAMES): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (framesLeft > 1 && root?.isConnected) focusFirstInvalid(root, framesLeft - 1);
    else root?.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView({ block: 'center' });
  });
}
