import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title.ts';

interface AuthLayoutProps {
  title: string;
  /** Whose page this is: a company name on company pages, Kinetic on the root ones. */
  brand?: string;
  intro?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The frame of the public account pages: one card, one h1, inside the page's main landmark. */
export function AuthLayout({ title, brand = 'Kinetic', intro, children, width = 440 }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <Center component="main" id="main" mih="100vh" px="sm" py="xl">
      <Box w="100%" maw={width}>
        <Text ta="center" fw={700} c="kinetic.8" size="lg" mb="sm">
          {brand}
        </Text>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          <Stack gap="md">
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro ? <Text c="dimmed">{intro}</Text> : null}
            {children}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
