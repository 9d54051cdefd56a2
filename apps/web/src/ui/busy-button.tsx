import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

type NativeButtonProps = ComponentPropsWithoutRef<'button'> & { 'data-loading'?: boolean | string };

/**
 * The `<button>` Mantine's Button renders through. Mantine disables a loading button, and a focused
 * button that becomes disabled drops focus to `<body>`: keyboard and screen-reader users are thrown back
 * to the top of the page. While loading it stays focusable and says it is unavailable (aria-disabled).
 */
const FocusableButton = forwardRef<HTMLButtonElement, NativeButtonProps>(function FocusableButton(
  { disabled, type = 'button', ...props },
  ref,
) {
  const loading = props['data-loading'] !== undefined && props['data-loading'] !== false;
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled && !loading}
      aria-disabled={disabled && loading ? true : undefined}
      {...props}
    />
  );
});

export type BusyButtonProps = Omit<ButtonProps, 'loading'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** Work is under way: the loader shows, clicks (and Enter in the form) are ignored, focus stays. */
    busy: boolean;
  };

/** A button for an action that takes a request (Save, an upload): use it instead of `loading`. */
export const BusyButton = forwardRef<HTMLButtonElement, BusyButtonProps>(function BusyButton(
  { busy, onClick, ...props },
  ref,
) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Also cancels a submit button's default action, so Enter in a field does not send the form twice.
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return <Button ref={ref} {...props} component={FocusableButton} loading={busy} onClick={click} />;
});
