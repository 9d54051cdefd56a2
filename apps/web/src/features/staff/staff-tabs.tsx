import { Group, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { useMe } from '../accounts/api/get-me.ts';

/**
 * The Staff page's two views, each its own address: the team, and payroll. Payroll also needs "See
 * financial data", so someone who manages staff without it is not offered a tab that only refuses them.
 */
export function StaffTabs({ active }: { active: 'team' | 'payroll' }) {
  const base = useAppBase();
  const can = useMe().data?.can;
  const tabs = [
    { key: 'team', label: 'Team', to: `${base}/staff` },
    { key: 'payroll', label: 'Payroll', to: `${base}/staff/payroll` },
  ] as const;
  const shown = tabs.filter(
    (tab) => tab.key !== 'payroll' || active === 'payroll' || (can?.seeFinancials ?? true),
  );
  return (
    <Group component="nav" aria-label="Staff" gap="xs">
      {shown.map((tab) => (
        <Button
          key={tab.key}
          component={Link}
          to={tab.to}
          variant={tab.key === active ? 'filled' : 'default'}
          aria-current={tab.key === active ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}
