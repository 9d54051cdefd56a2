import { Button, Group, Modal, Text } from '@mantine/core';
import { useLeaveQuestion } from './use-unsaved-changes-guard.ts';

/** The one "Leave without saving?" dialog; `useUnsavedChangesGuard` opens it. Stay is the safe default. */
export function UnsavedChangesDialog() {
  const question = useLeaveQuestion();
  return (
    <Modal
      opened={question !== null}
      onClose={() => question?.stay()}
      title="Leave without saving?"
      withCloseButton={false}
      centered
      size="sm"
      zIndex={1000}
      // The guard puts focus back itself: on Stay where the user was, on Leave nowhere (the new page does).
      returnFocus={false}
    >
      <Text>Your changes to this page will be lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => question?.stay()} data-autofocus>
          Stay
        </Button>
        <Button color="red.9" onClick={() => question?.leave()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
