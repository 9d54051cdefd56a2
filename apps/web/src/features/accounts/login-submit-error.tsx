import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY_UNAVAILABLE_REASON } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';

/** The login page the server named when the password fits an account this page does not admit. */
export function loginPathOf(error: unknown): string | null {
  const path = error instanceof ApiError ? error.errors.loginPath : undefined;
  // Only a path on this site becomes a link.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Whether the refusal is a suspended business's (issue 18 §2). The server says so only to whoever gave the
 * right password: one of its people, who needs to know what happened and what to do, not just "unavailable".
 */
export const isCompanyUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && error.errors.reason === COMPANY_UNAVAILABLE_REASON;

/** The login form's submit error (spec §8); the named login page, if any, is a link. */
export function LoginSubmitError({
  message,
  loginPath,
  suspended = false,
}: {
  message: string | null;
  loginPath: string | null;
  suspended?: boolean;
}) {
  if (!message) return null;
  if (suspended) {
    return (
      <Alert color="red" variant="light" role="alert" title="This business is suspended">
        {message} Kinetic has suspended it: nobody at it can log in and its booking pages are closed. Nothing
        has been deleted. Contact Kinetic to have it reactivated.
      </Alert>
    );
  }
  const [before, ...after] = loginPath ? message.split(loginPath) : [message];
  return (
    <Alert color="red" variant="light" role="alert" title="That did not work">
      {before}
      {loginPath && after.length > 0 ? (
        <>
          {/* inherit: the sentence's size; an Anchor alone takes the larger body size. */}
          <Anchor component={Link} to={loginPath} inherit style={{ overflowWrap: 'anywhere' }}>
            {loginPath}
          </Anchor>
          {after.join(loginPath)}
        </>
      ) : null}
    </Alert>
  );
}
