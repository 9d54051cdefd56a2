import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';

/** The login page the server named when the password fits an account this page does not admit. */
export function loginPathOf(error: unknown): string | null {
  const path = error instanceof ApiError ? error.errors.loginPath : undefined;
  // Only a path on this site becomes a link.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** The login form's submit error (spec §8); the named login page, if any, is a link. */
export function LoginSubmitError({ message, loginPath }: { message: string | null; loginPath: string | null }) {
  if (!message) return null;
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
