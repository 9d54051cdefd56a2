import { useParams } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { ADMIN_MENU, isDisabledForSolo, SETTINGS_MENU, settingsTitle } from './menu.ts';
import { useAppBase, useIsSolo } from './use-app-base.ts';

const EXTRA_TITLES: Record<string, string> = {
  'client-insights': 'Client Insights',
  clientreports: 'Client Reports',
  'class-details': 'Class Details',
  'client-profile': 'Client Profile',
};

/** An admin menu page that is not built yet (or disabled for solo users). */
export function AdminComingSoon({ itemKey }: { itemKey: string }) {
  const base = useAppBase();
  const solo = useIsSolo();
  const title = ADMIN_MENU.find((item) => item.key === itemKey)?.label ?? EXTRA_TITLES[itemKey] ?? itemKey;
  return (
    <ComingSoonPage
      title={title}
      unavailable={isDisabledForSolo(itemKey, solo)}
      back={{ to: base, label: 'Back to the dashboard' }}
    />
  );
}

/** `settings/{page}` and its sub-pages, for the settings pages that are not built yet. */
export function SettingsComingSoon() {
  const base = useAppBase();
  const solo = useIsSolo();
  const key = useParams().settingsPage ?? '';
  if (!SETTINGS_MENU.some((item) => item.key === key)) return <NotFoundPage inShell />;
  return (
    <ComingSoonPage
      title={settingsTitle(key, solo)}
      unavailable={isDisabledForSolo(key, solo)}
      back={{ to: base, label: 'Back to the dashboard' }}
    />
  );
}
