import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import type { ClientAccountDto, OrderDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { ACCOUNT_ORDERS, useOlderOrders } from './api/client-account-api.ts';

/**
 * A client's orders, newest first: the account answers the newest hundred, older ones come a hundred at a
 * time on request. Used by the desk's account page and the client's Payment page. `footer` holds the
 * "Showing N of M" line, a load error and the "Show older orders" button; when the last page arrives the
 * button goes away and the focus moves to the count instead of falling to the top of the page.
 */
export function useOrderHistory(
  companyId: string,
  account: ClientAccountDto,
): { shown: OrderDto[]; footer: ReactNode } {
  const [olderPages, setOlderPages] = useState(0);
  const older = useOlderOrders(companyId, account.clientId, olderPages);
  const shown = [...account.orders, ...(older.data?.items ?? [])];
  const more =
    account.orders.length === ACCOUNT_ORDERS &&
    (olderPages === 0 || (older.data !== undefined && shown.length < older.data.total));
  const countRef = useRef<HTMLParagraphElement>(null);
  const lastPageLoaded = olderPages > 0 && !more && !older.isFetching;
  useEffect(() => {
    if (lastPageLoaded) countRef.current?.focus();
  }, [lastPageLoaded]);
  const footer = (
    <>
      {olderPages > 0 && older.data ? (
        <Text ref={countRef} tabIndex={-1} role="status" size="sm" c="dimmed">
          Showing {shown.length} of {older.data.total} orders.
        </Text>
      ) : null}
      {older.isError ? (
        <Alert color="red" role="alert" title="Older orders could not be loaded">
          {older.error.message}
        </Alert>
      ) : null}
      {more ? (
        <div>
          <BusyButton
            variant="default"
            busy={older.isFetching}
            onClick={() => setOlderPages((pages) => pages + 1)}
          >
            Show older orders
          </BusyButton>
        </div>
      ) : null}
    </>
  );
  return { shown, footer };
}
