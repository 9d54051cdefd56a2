import { Group, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';

/** The Staff page's two views, each its own address: the team, and payroll. */
export function StaffTabs({ active }: { active: 'team' | 'payroll' }) {
  const base = useAppBase();
  const tabs = [
    { key: 'team', label: 'Team', to: `${base}/staff` },
    { key: 'payroll', label: 'Payroll', to: `${base}/staff/payroll` },
  ] as const;
  return (
    <Group component="nav" aria-label="Staff" gap="xs">
      {tabs.map((tab) => (
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
