import { useQuery } from '@tanstack/react-query';
import type { PaymentOptionsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { myBookingsQueryKey } from './booking-keys.ts';

/** What booking a class would pay with (the client's packages, the default, the drop-in price). */
export const getPaymentOptions = (classInstanceId: string) =>
  apiRequest<PaymentOptionsDto>(`class-instances/${encodeURIComponent(classInstanceId)}/payment-options`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

/** Kept under the client's bookings key: booking or cancelling changes what is left. */
export function usePaymentOptions(companyId: string, classInstanceId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...myBookingsQueryKey(companyId), 'payment-options', classInstanceId],
    queryFn: () => getPaymentOptions(classInstanceId),
    enabled: enabled && Boolean(companyId && classInstanceId),
  });
}
