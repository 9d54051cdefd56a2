import type { AppointmentDto, SessionSettingsAnswer, AppointmentTypeDto } from '@kinetic/shared';

/** "Dana Client", "Dana Client, Sam Lee", "3 clients: …"; an open semi-private session says its places. */
export function attendeesLabel(item: Pick<AppointmentDto, 'attendees' | 'capacity' | 'status'>): string {
  const active = item.attendees.filter(
    (entry) => entry.status !== 'cancelled' && entry.status !== 'late_cancelled',
  );
  const names = active.map((entry) => entry.clientName).join(', ');
  if (item.capacity <= 1) return names || 'No client';
  return `${names || 'No clients'} · ${active.length}/${item.capacity}`;
}

/** The cancellation rules of an appointment: its type's own over Sessions Settings (as the server does). */
export function appointmentRules(
  settings:
    Pick<SessionSettingsAnswer, 'freeCancellationHoursBefore' | 'lateCancelFee' | 'currency'> | undefined,
  type: Pick<AppointmentTypeDto, 'ruleOverrides' | 'currency'> | undefined,
) {
  if (!settings) return null;
  return {
    freeCancellationHoursBefore:
      type?.ruleOverrides?.freeCancellationHoursBefore ?? settings.freeCancellationHoursBefore,
    lateCancelFee: type?.ruleOverrides?.lateCancelFee ?? settings.lateCancelFee,
    currency: type?.currency ?? settings.currency,
  };
}

export const ACTIVE_STATUSES = new Set(['booked', 'checked_in', 'offered', 'waitlisted']);

/** The Appointment page's heading: where the keyboard goes when details close and the appointment is not drawn. */
export const APPOINTMENT_HEADING = 'appointment-heading';
