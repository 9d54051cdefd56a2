import { Badge } from '@mantine/core';
import { STAFF_STATUS_LABELS, type StaffMemberDto } from '@kinetic/shared';
import { STATUS_COLOURS } from './staff-member-values.ts';

/** Invited / Invitation expired / Active / Deactivated. */
export function StaffStatusBadge({ status }: { status: StaffMemberDto['status'] }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" style={{ textTransform: 'none' }}>
      {STAFF_STATUS_LABELS[status]}
    </Badge>
  );
}
