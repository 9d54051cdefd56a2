import { Navigate, useLocation } from 'react-router';
import { publicPrefixFor, soloClientLoginPath } from '../../shell/login-path.ts';
import { LoginForm } from './login-form.tsx';
import { CompanyCheckGate } from './public-page-gate.tsx';

/**
 * `login` under the root, `/{company}/{roleId}/` and the client group's `app/` (spec §2). It draws at once,
 * its company's name and branding filling in as they arrive (issue 11 §7).
 */
export function LoginPage() {
  const { pathname } = useLocation();
  const [company, roleId, area] = pathname.split('/').filter(Boolean);
  // The solo client's login page lives inside its client group (spec §2).
  if (roleId === 'solo-client' && area === 'login' && company)
    return <Navigate to={soloClientLoginPath(company)} replace />;
  const prefix = publicPrefixFor(pathname);
  return (
    <CompanyCheckGate prefix={prefix}>
      <LoginForm prefix={prefix} />
    </CompanyCheckGate>
  );
}
