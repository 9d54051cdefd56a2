import { useEffect, useState } from 'react';
import { Alert, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  PAY_FREQUENCY_LABELS,
  PAY_FREQUENCY_VALUES,
  payrollDayLabel,
  periodLabel,
  type PayFrequency,
  type PayrollSettingsDto,
} from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useSavePayrollSettings } from './api/payroll.ts';

/** How often payroll runs: the frequency, and for weekly or fortnightly periods the day they start from. */
export function PayrollSettingsPanel({
  companyId,
  settings,
  onSaved,
}: {
  companyId: string;
  settings: PayrollSettingsDto;
  onSaved: (note: string) => void;
}) {
  const [frequency, setFrequency] = useState<PayFrequency>(settings.frequency);
  const [anchor, setAnchor] = useState(settings.periodAnchor);
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  const save = useSavePayrollSettings(companyId);
  useEffect(() => {
    setFrequency(settings.frequency);
    setAnchor(settings.periodAnchor);
  }, [settings.frequency, settings.periodAnchor]);

  const submit = async () => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ frequency, periodAnchor: anchor });
      onSaved(
        `Pay periods are now ${PAY_FREQUENCY_LABELS[saved.frequency].toLowerCase()}: this period is ${periodLabel(saved.currentPeriod)}.`,
      );
    } catch (failure) {
      const error = apiFormError(failure);
      const field = error.fieldErrors.periodAnchor ?? error.fieldErrors.frequency;
      setProblem({ message: error.message, field: typeof field === 'string' ? field : undefined });
    }
  };

  return (
    <Paper component="section" aria-labelledby="payroll-settings-heading" withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="payroll-settings-heading">
            Pay periods
          </Title>
          <Text size="sm" c="dimmed">
            Closed periods keep their dates. After a change, the next period starts the day after the last
            closed one{settings.closedThrough ? ` (${payrollDayLabel(settings.closedThrough)})` : ''}, so no
            class is paid twice.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Frequency"
              value={frequency}
              onChange={(event) => setFrequency(event.currentTarget.value as PayFrequency)}
              data={PAY_FREQUENCY_VALUES.map((value) => ({ value, label: PAY_FREQUENCY_LABELS[value] }))}
            />
            {frequency === 'monthly' ? null : (
              <TextInput
                type="date"
                label="Periods start from"
                description={
                  frequency === 'weekly'
                    ? 'Each week starts on this weekday'
                    : 'Fortnights count from this day'
                }
                value={anchor}
                onChange={(event) => setAnchor(event.currentTarget.value)}
                error={problem?.field}
                required
              />
            )}
            <BusyButton type="submit" busy={save.isPending} variant="default">
              Save pay periods
            </BusyButton>
          </Group>
          {problem ? (
            <Alert color="red" role="alert" p="xs">
              {problem.message}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
