import { Navigate, useLocation, useParams } from 'react-router';
import { isClientRole, isObjectId, isRoleId } from '@kinetic/shared';
import { CompanyCheckGate } from '../features/accounts/public-page-gate.tsx';
import { LoginForm } from '../features/accounts/login-form.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { RETURN_TO_PARAM, safeReturnPath } from '../shell/return-to.ts';
import { widgetStudioHome } from './widget-paths.ts';

/**
 * `/{company}/{widgetStudioId}/{roleId}/login` (spec §2): the login a studio's widget opens. It keeps the
 * studio: after logging in the client returns into that studio's widget (or to `?next=`, e.g. the class
 * being booked), and "Sign up" is that studio's sign-up (`{widgetStudioId}/client-signup`, which makes it
 * the client's home studio). Client roles only; any other pair of segments is not a page.
 */
export function WidgetStudioLoginPage() {
  const { company = '', widgetStudioId = '', roleId = '' } = useParams();
  const { pathname, search } = useLocation();
  if (!isObjectId(widgetStudioId) || !isRoleId(roleId) || !isClientRole(roleId)) return <NotFoundPage />;
  const params = new URLSearchParams(search);
  if (!safeReturnPath(params.get(RETURN_TO_PARAM))) {
    params.set(RETURN_TO_PARAM, widgetStudioHome(company, widgetStudioId));
    return <Navigate to={`${pathname}?${params.toString()}`} replace />;
  }
  const prefix = { base: `/${company}/${roleId}`, company, roleId, clientApp: false };
  return (
    <CompanyCheckGate prefix={prefix}>
      <LoginForm
        prefix={prefix}
        signupPath={`/${company}/${roleId}/client/${widgetStudioId}/client-signup`}
      />
    </CompanyCheckGate>
  );
}
