import { Alert } from '@mantine/core';

/** The form's submit error (spec §8): the server's message, announced, right above the button. */
export function FormSubmitError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="That did not work">
      {message}
    </Alert>
  );
}
