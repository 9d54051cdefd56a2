import { useEffect, useState } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NOT_FOUND_LOADER_MS } from '@kinetic/shared';
import notFoundImage from '../../assets/not-found.svg';
import { PageLoader } from '../../ui/page-loader.tsx';

export const NOT_FOUND_TEXT = "We can't seem to find the page you're looking for.";

/**
 * Spec §2: a loader for about 1.5 s, then the not-found message with error code 404. Inside a shell the
 * shell already has the page's one `<main>`, so the page is a plain block there.
 */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), NOT_FOUND_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (loading) return <PageLoader />;
  const content = (
    <Stack align="center" gap="md" maw={480} ta="center">
      <img src={notFoundImage} alt="" width={280} height={175} style={{ maxWidth: '100%', height: 'auto' }} />
      <Title order={1}>{NOT_FOUND_TEXT}</Title>
      <Text c="dimmed" size="lg">
        Error code: 404
      </Text>
      <Button component={Link} to="/">
        Go to the start page
      </Button>
    </Stack>
  );
  if (inShell) {
    return (
      <Center mih="60vh" p="md">
        {content}
      </Center>
    );
  }
  return (
    <Center mih="80vh" p="md" component="main" id="main">
      {content}
    </Center>
  );
}
