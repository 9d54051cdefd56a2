import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PersonDto } from '@kinetic/shared';

/** One instructor or facilitator in a list; `actions` are the caller's. */
export function PersonCard({ person, actions }: { person: PersonDto; actions?: ReactNode }) {
  const titleId = `person-${person.id}`;
  const contact = [person.email, person.phone].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={person.photoUrl} alt="" radius="xl" size="lg" name={person.name} color="initials" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {person.name}
            </Title>
            {person.active ? null : (
              <Badge variant="light" color="gray" c="dark.7" tt="none">
                Inactive
              </Badge>
            )}
            {person.login === 'none' ? null : (
              <Badge variant="light" color={person.login === 'active' ? 'green' : 'yellow'} c="dark.7" tt="none">
                {person.login === 'active' ? 'Can log in' : 'Invitation sent'}
              </Badge>
            )}
          </Group>
          {contact ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {contact}
            </Text>
          ) : null}
          {person.bio ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {person.bio}
            </Text>
          ) : null}
          {actions}
        </Stack>
      </Group>
    </Paper>
  );
}
