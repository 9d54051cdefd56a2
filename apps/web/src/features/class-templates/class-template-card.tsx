import { Badge, Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ClassTemplateDto } from '@kinetic/shared';
import { formatDuration, formatPrice } from './money.ts';

/** One template in the list: its colour, duration, capacity and price; `actions` are the caller's. */
export function ClassTemplateCard({ template, actions }: { template: ClassTemplateDto; actions?: ReactNode }) {
  const titleId = `template-${template.id}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      style={{ borderInlineStart: `6px solid ${template.colour}` }}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {template.imageUrl ? (
            <Image src={template.imageUrl} alt="" h={48} w={48} radius="sm" fit="cover" />
          ) : null}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {template.name}
            </Title>
            <Text size="sm">
              {formatDuration(template.durationMinutes)} ·{' '}
              {template.defaultCapacity === 1 ? '1 person' : `${template.defaultCapacity} people`} ·{' '}
              {formatPrice(template.dropInPrice, template.currency)} drop-in
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap" aria-label={`Colour ${template.colour}`} role="img">
            <Box w={20} h={20} bg={template.colour} style={{ borderRadius: 4, border: '1px solid rgba(0,0,0,.2)' }} />
          </Group>
        </Group>
        {template.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {template.description}
          </Text>
        ) : null}
        {template.tags.length > 0 ? (
          <Group gap={6} aria-label="Tags" role="list">
            {template.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" c="dark.7" tt="none" role="listitem">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        {actions}
      </Stack>
    </Paper>
  );
}
