import { useState } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientsListItemDto } from '@kinetic/shared';
import { clientsTabQueryKey } from '../../shell/clients-tab.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { BookClientDialog } from '../client-account-admin/book-client-dialog.tsx';
import { sendResetLink } from '../client-account-admin/send-reset-link.ts';
import { SellForm } from '../client-account-admin/sell-dialog.tsx';

/**
 * A client's quick actions on the Clients list, each for whoever has its ability (issue 15 §2; the server
 * refuses the others anyway): book into a class and email a password-reset link (manageClients), sell a
 * package (sellAndRefund). The dialogs are the client profile's own.
 */
export function ClientQuickActions({
  client,
  companyId,
  currency,
}: {
  client: Pick<ClientsListItemDto, 'id' | 'name' | 'packages'>;
  companyId: string;
  currency: string;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [dialog, setDialog] = useState<'book' | 'sell' | null>(null);
  const [opening, setOpening] = useState(0);
  const [sending, setSending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientsTabQueryKey(companyId) });
  const open = (which: 'book' | 'sell') => {
    setOpening((n) => n + 1);
    setDialog(which);
  };
  const close = () => {
    setDialog(null);
    void refresh();
  };
  const tap = { minHeight: 36 } as const;
  const manageClients = me.data?.can.manageClients ?? false;
  const sell = me.data?.can.sellAndRefund ?? false;
  if (!manageClients && !sell) return null;

  return (
    <>
      <Group gap={6} wrap="wrap">
        {manageClients ? (
          <Button
            size="xs"
            variant="light"
            style={tap}
            onClick={() => open('book')}
            aria-label={`Book ${client.name} into a class`}
          >
            Book
          </Button>
        ) : null}
        {sell ? (
          <Button
            size="xs"
            variant="light"
            style={tap}
            onClick={() => open('sell')}
            aria-label={`Sell ${client.name} a package`}
          >
            Sell
          </Button>
        ) : null}
        {manageClients ? (
          <BusyButton
            size="xs"
            variant="default"
            style={tap}
            busy={sending}
            aria-label={`Send ${client.name} a password-reset link`}
            onClick={async () => {
              setSending(true);
              try {
                // The server's sentence (or why not) is shown as a toast by the request itself.
                await sendResetLink(client.id);
              } catch {
                // Already said in the toast.
              } finally {
                setSending(false);
              }
            }}
          >
            Reset link
          </BusyButton>
        ) : null}
      </Group>
      <BookClientDialog
        companyId={companyId}
        clientId={client.id}
        clientName={client.name}
        opened={dialog === 'book'}
        onClose={close}
      />
      <Modal
        opened={dialog === 'sell'}
        onClose={() => setDialog(null)}
        title={`Sell to ${client.name}`}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'sell' ? (
          <SellForm
            key={opening}
            companyId={companyId}
            clientId={client.id}
            clientName={client.name}
            currency={currency}
            // The list knows only what they hold now; the server decides from every purchase.
            introOfferAllowed={client.packages.length === 0}
            onCancel={() => setDialog(null)}
            onSold={close}
          />
        ) : null}
      </Modal>
    </>
  );
}
