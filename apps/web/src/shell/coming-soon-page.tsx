import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/use-page-title.ts';

interface ComingSoonProps {
  title: string;
  /** Where "back" leads; omitted on public pages that have nowhere obvious to return to. */
  back?: { to: string; label: string };
  /** Solo-hidden pages opened by address are disabled, not merely unbuilt (spec §2, §6). */
  unavailable?: boolean;
}

/** A page the menu names but that is not built yet: it says so instead of pretending to work. */
export function ComingSoonPage({ title, back, unavailable = false }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <Stack gap="md" align="flex-start" maw={640} py="md">
      <Badge variant="light" color="secondary" size="lg">
        {unavailable ? 'Not available' : 'Coming soon'}
      </Badge>
      <Title order={1}>{title}</Title>
      <Text size="lg">
        {unavailable
          ? `${title} is not part of the solo instructor account.`
          : `${title} is coming soon. This page is not built yet, so there is nothing to see or change here.`}
      </Text>
      {back ? (
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      ) : null}
    </Stack>
  );
}
