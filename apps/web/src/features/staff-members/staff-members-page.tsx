import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Settings › Staff Members (issue 15 §1): the team's logins, roles, abilities and studios. */
export function StaffMembersPage() {
  usePageTitle('Staff Members');
  return (
    <Stack>
      <Title order={1}>Staff Members</Title>
    </Stack>
  );
}

/** Settings › Staff Members › add. */
export function AddStaffMemberPage() {
  usePageTitle('Add a staff member');
  return <Title order={1}>Add a staff member</Title>;
}

/** Settings › Staff Members › edit/{staffId}. */
export function EditStaffMemberPage() {
  usePageTitle('Edit staff member');
  return <Title order={1}>Edit staff member</Title>;
}
