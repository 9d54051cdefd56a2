import { Center, Stack, Text } from '@mantine/core';
import loaderImage from '../assets/loader.svg';

export function PageLoader({ text = 'Loading…' }: { text?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" data-testid="page-loader">
      <Stack align="center" gap="xs">
        <img src={loaderImage} alt="" width={56} height={56} />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
