import { Anchor, Group } from '@mantine/core';
import { NavLink, Outlet, useParams } from 'react-router';

/** The client's settings pages (spec §2 `settings` sub-pages), in the spec's order, with "Payment" later. */
const PAGES = [
  { path: 'account-details', label: 'Account details' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'packages', label: 'Packages' },
  { path: 'payment', label: 'Payment' },
  { path: 'waiver', label: 'Waiver' },
  { path: 'terms', label: 'Policies' },
] as const;

/** `settings/*`: the list of settings pages above the one shown; it wraps on a phone. */
export function ClientSettingsLayout() {
  const { company, roleId } = useParams();
  const base = `/${company}/${roleId}/client/settings`;
  return (
    <>
      <Group component="nav" aria-label="Settings" gap="md" mb="md" wrap="wrap" style={{ rowGap: 0 }}>
        {PAGES.map((page) => (
          <Anchor key={page.path} component={NavLink} to={`${base}/${page.path}`} className="client-nav-link" size="sm">
            {page.label}
          </Anchor>
        ))}
      </Group>
      <Outlet />
    </>
  );
}
