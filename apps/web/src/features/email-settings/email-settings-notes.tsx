import { Alert, Button, Stack, Text } from '@mantine/core';

/** What Email Settings and its editor say to someone without “Manage settings”. */
export function ManageSettingsNeeded() {
  return (
    <Alert color="secondary" variant="light" title="Read only">
      You need the “Manage settings” ability to see or change the studio’s emails. Ask the business owner or
      an admin.
    </Alert>
  );
}

/** The settings could not be read: the server's sentence and a way to ask again. */
export function LoadFailed({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text>{error.message}</Text>
        <Button variant="default" size="xs" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
