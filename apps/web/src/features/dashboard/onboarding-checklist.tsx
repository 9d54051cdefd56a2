import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OnboardingStep } from '@kinetic/shared';
import { SETTINGS_MENU, settingsTitle } from '../../shell/menu.ts';

interface OnboardingChecklistProps {
  steps: readonly OnboardingStep[];
  /** Steps not completed yet (`onBoardingData`). */
  pending: readonly OnboardingStep[];
  base: string;
  solo: boolean;
}

function StepMark({ done }: { done: boolean }) {
  return (
    <ThemeIcon
      radius="xl"
      size="md"
      color={done ? 'green.8' : 'gray.3'}
      c={done ? 'white' : 'gray.8'}
      aria-hidden
    >
      {done ? '✓' : '○'}
    </ThemeIcon>
  );
}

/** The first settings pages a new business completes (spec §3 onBoardingData), each a link. */
export function OnboardingChecklist({ steps, pending, base, solo }: OnboardingChecklistProps) {
  const doneCount = steps.filter((step) => !pending.includes(step)).length;
  const percent = steps.length === 0 ? 100 : Math.round((doneCount / steps.length) * 100);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboarding-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="onboarding-title">
          {pending.length === 0 ? 'Your setup is complete' : 'Finish setting up'}
        </Title>
        <Text>
          {doneCount} of {steps.length} steps done
        </Text>
        <Progress value={percent} aria-label="Setup progress" size="md" />
        <List spacing="sm" listStyleType="none" p={0} m={0} data-testid="onboarding-checklist">
          {steps.map((step) => {
            const done = !pending.includes(step);
            const built = SETTINGS_MENU.find((item) => item.key === step)?.built ?? false;
            const title = settingsTitle(step, solo);
            return (
              <List.Item key={step} data-step={step} data-done={done} icon={<StepMark done={done} />}>
                <Group gap="xs" wrap="wrap">
                  <Anchor component={Link} to={`${base}/settings/${step}`}>
                    {title}
                  </Anchor>
                  <Text span size="sm" c={done ? '#1f5f2c' : 'dimmed'}>
                    {done ? 'Done' : 'To do'}
                  </Text>
                  {built ? null : (
                    <Badge size="xs" variant="light" color="secondary">
                      Soon
                    </Badge>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
