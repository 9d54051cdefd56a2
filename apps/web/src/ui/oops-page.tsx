import { Button, Center, Stack, Text, Title } from '@mantine/core';
import oopsImage from '../assets/oops.svg';

/** Shown when a page fails to render: the way back is a reload, not a blank screen. */
export function OopsPage() {
  return (
    <Center mih="80vh" p="md" component="main" id="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <img src={oopsImage} alt="" width={280} height={175} style={{ maxWidth: '100%', height: 'auto' }} />
        <Title order={1}>Oops! Something went wrong.</Title>
        <Text c="dimmed">Please reload the page. If this keeps happening, tell your studio.</Text>
        <Button onClick={() => location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
