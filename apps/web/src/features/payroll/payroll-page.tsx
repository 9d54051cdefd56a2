import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { StaffTabs } from '../staff/staff-tabs.tsx';

/** Payroll (issue 15 §4): a pay period's classes taught, the rate applied, totals; close; CSV. */
export function PayrollPage() {
  usePageTitle('Payroll');
  return (
    <Stack>
      <Title order={1}>Payroll</Title>
      <StaffTabs active="payroll" />
    </Stack>
  );
}
