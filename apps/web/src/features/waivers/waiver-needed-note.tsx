import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { useMyWaiver } from './api/waivers-api.ts';

/** Settings › Waiver, coming back to the page the client is on once they have signed. */
export function waiverPathBack(company: string, roleId: string, back: string): string {
  return `/${company}/${roleId}/client/settings/waiver?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}`;
}

/** The address of this page, to come back to after signing. */
export function useHereForReturn(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * Said before Book when the signed-in client has not signed the studio's current waiver (the server
 * refuses the booking until they do), with the way to sign it and come back here.
 */
export function WaiverNeededNote({
  companyId,
  company,
  roleId,
}: {
  companyId: string;
  company: string;
  roleId: string;
}) {
  const mine = useMyWaiver(companyId);
  const here = useHereForReturn();
  if (!mine.data?.mustSign) return null;
  const again = Boolean(mine.data.signature);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={again ? 'The studio has updated its waiver' : 'Sign the studio’s waiver first'}
    >
      <Text size="sm">
        {again
          ? 'Sign the new version before you book — it takes a minute, and you come straight back here. '
          : 'It takes a minute, and you come straight back here to book. '}
        <Anchor component={Link} to={waiverPathBack(company, roleId, here)} fz="inherit" underline="always">
          Sign the waiver
        </Anchor>
      </Text>
    </Alert>
  );
}
