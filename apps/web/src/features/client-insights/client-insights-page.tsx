import { AdminComingSoon } from '../../shell/admin-coming-soon.tsx';

/** Being built (issue 14): until then the page says so. */
export function ClientInsightsPage() {
  return <AdminComingSoon itemKey="client-insights" />;
}
