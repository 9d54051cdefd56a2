import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { StudioDto } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useDeleteStudio } from './api/delete-studio.ts';

/** Delete with a confirm dialog naming the studio; a refusal (classes still to come) is shown in it. */
export function DeleteStudioButton({ companyId, studio }: { companyId: string; studio: StudioDto }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteStudio(companyId);
  const trigger = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const confirm = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(studio.id);
      setOpen(false);
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };

  return (
    <>
      <Button
        ref={trigger}
        variant="subtle"
        color="red"
        c="red.9"
        aria-label={`Delete ${studio.name}`}
        onClick={() => setOpen(true)}
      >
        Delete
      </Button>
      <Modal opened={open} onClose={close} title={`Delete ${studio.name}?`} centered returnFocus>
        <Stack gap="md">
          <Text>
            {studio.name} and its {studio.rooms.length === 1 ? 'room' : `${studio.rooms.length} rooms`} will be
            removed. This cannot be undone.
          </Text>
          {problem ? (
            <Alert color="red" variant="light" role="alert" title="The studio was not deleted">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <BusyButton color="red" busy={remove.isPending} onClick={() => void confirm()}>
              Delete the studio
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
