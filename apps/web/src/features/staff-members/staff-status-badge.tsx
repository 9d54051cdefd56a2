import { Badge } from '@mantine/core';
import { STAFF_STATUS_LABELS, type StaffMemberDto } from '@kinetic/shared';
import { STATUS_COLOURS } from './staff-member-values.ts';

/** Invited / Invitation expired / Active / Deactivated. */
export function StaffStatusBadge({ status }: { status: StaffMemberDto['status'] }) {
  return (
    // Never cut to "Deactiva…" in a narrow table column: the whole word is its minimum width.
    <Badge
      color={STATUS_COLOURS[status]}
      variant="light"
      styles={{
        root: { textTransform: 'none', overflow: 'visible', flexShrink: 0 },
        label: { overflow: 'visible' },
      }}
    >
      {STAFF_STATUS_LABELS[status]}
    </Badge>
  );
}
