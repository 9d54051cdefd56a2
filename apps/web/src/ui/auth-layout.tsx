import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title.ts';

interface AuthLayoutProps {
  title: string;
  /** Whose page this is: a company name on company pages, Kinetic on the root ones. */
  brand?: string;
  /** Replaces the plain brand line, e.g. with the company's logo and name. */
  header?: ReactNode;
  /** Below the card, outside the main landmark: e.g. the company's contact details. */
  footer?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  width?: number;
  /**
   * Where the card sits when the page is taller than its content: in the middle, or at the top. A page
   * whose footer arrives after the card has drawn puts it at the top, where the footer does not move it.
   */
  align?: 'center' | 'top';
}

/** The frame of the public account pages: one card, one h1, inside the page's main landmark. */
export function AuthLayout({
  title,
  brand = 'Kinetic',
  header,
  footer,
  intro,
  children,
  width = 440,
  align = 'center',
}: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center
        component="main"
        id="main"
        px="sm"
        py="xl"
        style={{ flex: 1, alignItems: align === 'top' ? 'flex-start' : undefined }}>
        <Box w="100%" maw={width}>
          <Box mb="sm">
            {header ?? (
              <Text ta="center" fw={700} c="kinetic.8" size="lg">
                {brand}
              </Text>
            )}
          </Box>
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
      {footer}
    </Box>
  );
}
