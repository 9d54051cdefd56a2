import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The facts of an event or a place, as a description list in a bordered box. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** Alert text in the body colour: the light variants' tinted text falls short of AA contrast on its tint. */
export const READABLE_ALERT = { message: { color: 'var(--mantine-color-text)' } } as const;
