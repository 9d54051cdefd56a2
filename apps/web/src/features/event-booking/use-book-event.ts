import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventPageDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { bookClass } from '../bookings/api/book-class.ts';
import { chosenDate, useEventFlow, useGoTo } from './event-flow.ts';
import { eventPageKey, myEventBookingKey } from './event-booking-api.ts';

export interface BookingProblem {
  message: string;
  /** The studio's waiver must be signed first (the way there comes back to this page). */
  waiver: boolean;
}

/**
 * Books the chosen date (a package, the drop-in, or nothing for a free event) and moves on: to the
 * booked page, or the fully-booked page when the last place went meanwhile. "Already booked" goes to
 * the booked page too; a refusal (the waiver, a closed booking window) is answered for the page to say.
 */
export function useBookEvent(event: EventPageDto | undefined) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  const book = useCallback(
    async (how: { clientPackageId?: string; dropIn?: boolean } = {}): Promise<string | null> => {
      const date = event && chosenDate(event.dates, flow.date);
      if (!event || !date) {
        await goTo(flow.pathOf('event'), true);
        return null;
      }
      setBusy(true);
      setProblem(null);
      try {
        const booking = await bookClass({ classInstanceId: date.classInstanceId, ...how });
        await queryClient.invalidateQueries({ queryKey: myEventBookingKey(flow.company, flow.eventId) });
        await queryClient.invalidateQueries({ queryKey: eventPageKey(flow.company, flow.eventId) });
        return booking.id;
      } catch (failure) {
        const error = failure instanceof ApiError ? failure : null;
        if (error?.statusCode === 409 && /already (have|has)/.test(error.message)) {
          await goTo(flow.pathOf('booked', date.classInstanceId), true);
          return null;
        }
        if (error?.statusCode === 409 && /full/i.test(error.message)) {
          await queryClient.invalidateQueries({ queryKey: eventPageKey(flow.company, flow.eventId) });
          await goTo(flow.pathOf('fullyBooked', date.classInstanceId), true);
          return null;
        }
        setProblem({
          message:
            failure instanceof Error ? failure.message : 'The booking did not go through. Please try again.',
          waiver: Boolean(error?.errors.waiver),
        });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [event, flow, goTo, queryClient],
  );
  return { book, busy, problem };
}

/**
 * The step after the account (or straight from the event page for a signed-in client): packages when
 * the event accepts some and has a price, payment when it has a price, otherwise the free place is
 * booked at once. A full date goes to the fully-booked page.
 */
export function useNextStep(event: EventPageDto | undefined) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const { book, busy, problem } = useBookEvent(event);
  const next = useCallback(
    async (replace: boolean) => {
      const date = event && chosenDate(event.dates, flow.date);
      if (!event || !date) return goTo(flow.pathOf('event'), replace);
      if (date.placesLeft <= 0) return goTo(flow.pathOf('fullyBooked', date.classInstanceId), replace);
      if (event.price > 0 && event.acceptsPackages)
        return goTo(flow.pathOf('packages', date.classInstanceId), replace);
      if (event.price > 0) return goTo(flow.pathOf('payment', date.classInstanceId), replace);
      const booked = await book();
      if (booked) await goTo(flow.pathOf('booked', date.classInstanceId), replace);
    },
    [book, event, flow, goTo],
  );
  return { next, busy, problem };
}
