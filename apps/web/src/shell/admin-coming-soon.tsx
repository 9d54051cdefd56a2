import { useParams } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { isDisabledForSolo, pageTitleFor, SETTINGS_MENU, settingsTitle } from './menu.ts';
import { useAppBase, useIsSolo } from './use-app-base.ts';

/** An admin menu page that is not built yet (the access gate has already let the role in). */
export function AdminComingSoon({ itemKey }: { itemKey: string }) {
  const base = useAppBase();
  const solo = useIsSolo();
  const title = pageTitleFor(itemKey, 'menu', solo);
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
