import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BusyButton } from '../../ui/busy-button.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The safe answer ("Keep my booking"): it has the focus when the dialog opens, so Enter changes nothing. */
  keepLabel: string;
  /** The answer that gives something up ("Cancel my booking"), in red. */
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a client gives up a place: opens on the safe answer, never on the one that cannot be undone. */
export function ConfirmDialog({
  opened,
  title,
  children,
  keepLabel,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {children}
        <Group>
          <Button variant="default" data-autofocus onClick={onClose}>
            {keepLabel}
          </Button>
          {/* red.9: red.8 is 4.5:1 on white and falls under it on the hover tint under a finger or mouse. */}
          <BusyButton color="red.9" variant="outline" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
