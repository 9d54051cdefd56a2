import { useEffect, useRef } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import oopsImage from '../assets/oops.svg';

/**
 * Shown when a page fails to render: the way back is a reload, not a blank screen. It replaces the whole
 * page (the link or button just used has gone with it), so the keyboard and a screen reader start at its
 * heading rather than at the top of an empty `<body>`.
 */
export function OopsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) heading.current?.focus();
  }, []);
  return (
    <Center mih="80vh" p="md" component="main" id="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <img src={oopsImage} alt="" width={280} height={175} style={{ maxWidth: '100%', height: 'auto' }} />
        <Title order={1} ref={heading} tabIndex={-1}>
          Oops! Something went wrong.
        </Title>
        <Text c="dimmed">Please reload the page. If this keeps happening, tell your studio.</Text>
        <Button onClick={() => location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
