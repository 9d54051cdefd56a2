import { Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Issue 18: being built. */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  return <Title order={1}>Webhooks</Title>;
}
