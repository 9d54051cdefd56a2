import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ScheduleScope } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';

export const SCOPE_LABELS: Record<ScheduleScope, string> = {
  one: 'This class only',
  following: 'This and following classes',
  all: 'All classes in the series',
};

interface ScopeDialogProps {
  opened: boolean;
  title: string;
  /** What changes, said above the choice ("Move Yoga to Tue 24 Nov, 18:00"). */
  summary?: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onChoose: (scope: ScheduleScope) => void;
}

/** Which classes of a series a change applies to; past classes never change whatever the choice. */
export function ScopeDialog({ opened, title, summary, busy, error, onCancel, onChoose }: ScopeDialogProps) {
  const [scope, setScope] = useState<ScheduleScope>('one');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(scope);
        }}
      >
        <Stack gap="md">
          {summary ? <Text>{summary}</Text> : null}
          <Radio.Group
            label="Apply the change to"
            value={scope}
            onChange={(value) => setScope(value as ScheduleScope)}
          >
            <Stack gap="xs" mt="xs">
              {(Object.keys(SCOPE_LABELS) as ScheduleScope[]).map((key) => (
                <Radio key={key} value={key} label={SCOPE_LABELS[key]} data-autofocus={key === 'one' ? true : undefined} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Classes that already took place are never changed.
          </Text>
          <FormSubmitError message={error} />
          <Group>
            <BusyButton type="submit" busy={busy}>
              Apply
            </BusyButton>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
