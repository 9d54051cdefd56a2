import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

interface ConfirmActionButtonProps {
  /** The button's text ("Copy") and its accessible name ("Copy Yoga"). */
  label: string;
  ariaLabel: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  failedTitle: string;
  busy: boolean;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /**
   * The dialog's filled confirm button's colour when it must differ from the list button's (white on
   * Mantine's red 6 is 3.3:1, under AA: a subtle "red" list button pairs with a "red.9" confirm).
   */
  confirmColor?: ButtonProps['color'];
  /** The dialog's way out ("Cancel"; "Keep the event" where the action itself is a cancelling). */
  dismissLabel?: string;
  /** Does the work; a failure is shown in the dialog, success closes it. */
  run: () => Promise<void>;
}

/** A list action with a confirm dialog that says what will happen; a refusal is shown in the dialog. */
export function ConfirmActionButton({
  label,
  ariaLabel,
  title,
  children,
  confirmLabel,
  failedTitle,
  busy,
  color,
  variant = 'default',
  confirmColor = color,
  dismissLabel = 'Cancel',
  run,
}: ConfirmActionButtonProps) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const confirm = async () => {
    setProblem(null);
    try {
      await run();
      setOpen(false);
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };
  return (
    <>
      <Button variant={variant} color={color} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={title}
        centered
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>{children}</Text>
          {problem ? (
            <Alert color="red" variant="light" role="alert" title={failedTitle}>
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {dismissLabel}
            </Button>
            <BusyButton busy={busy} color={confirmColor} onClick={() => void confirm()}>
              {confirmLabel}
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
