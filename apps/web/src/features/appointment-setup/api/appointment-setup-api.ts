import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentTypeBody,
  AppointmentTypeDto,
  AppointmentTypeListDto,
  AvailabilityDto,
  AvailabilityListDto,
  AvailabilityExceptionBody,
  AvailabilityExceptionDto,
  WeeklyAvailabilityBody,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every appointment type query starts here, so a save or delete refreshes the list and the type together. */
export const appointmentTypesQueryKey = (companyId: string) => [companyId, 'appointment-types'] as const;
/** Every availability query starts here. */
export const availabilityQueryKey = (companyId: string) => [companyId, 'availability'] as const;

export const listAppointmentTypes = () =>
  apiRequest<AppointmentTypeListDto>('appointment-types', { silent: true, showLoader: false });

export function useAppointmentTypes(companyId: string) {
  return useQuery({
    queryKey: [...appointmentTypesQueryKey(companyId), 'list'],
    queryFn: listAppointmentTypes,
    enabled: Boolean(companyId),
  });
}

export function useAppointmentType(companyId: string, appointmentTypeId: string | undefined) {
  return useQuery({
    queryKey: [...appointmentTypesQueryKey(companyId), 'one', appointmentTypeId],
    queryFn: () =>
      apiRequest<AppointmentTypeDto>(`appointment-types/${encodeURIComponent(appointmentTypeId ?? '')}`, {
        silent: true,
        showLoader: false,
      }),
    enabled: Boolean(companyId && appointmentTypeId),
  });
}

/** Adds (no id) or edits an appointment type; a 400 names its fields (inline errors). */
export const saveAppointmentType = ({
  appointmentTypeId,
  body,
}: {
  appointmentTypeId?: string | undefined;
  body: AppointmentTypeBody;
}) =>
  apiRequest<AppointmentTypeDto>(
    appointmentTypeId ? `appointment-types/${encodeURIComponent(appointmentTypeId)}` : 'appointment-types',
    { method: appointmentTypeId ? 'PUT' : 'POST', body, inlineErrors: true },
  );

/** Deletes a type; one that has appointments is archived instead (`archived: true`), keeping their history. */
export const deleteAppointmentType = (appointmentTypeId: string) =>
  apiRequest<{ archived: boolean }>(`appointment-types/${encodeURIComponent(appointmentTypeId)}`, {
    method: 'DELETE',
    silent: true,
  });

export function useSaveAppointmentType(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointmentType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentTypesQueryKey(companyId) }),
  });
}

export function useDeleteAppointmentType(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointmentType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentTypesQueryKey(companyId) }),
  });
}

/** `GET /api/availability`: the instructors whose hours the actor may edit (an instructor: only their own). */
export function useAvailabilityList(companyId: string) {
  return useQuery({
    queryKey: [...availabilityQueryKey(companyId), 'list'],
    queryFn: () => apiRequest<AvailabilityListDto>('availability', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function useAvailability(companyId: string, instructorId: string | undefined) {
  return useQuery({
    queryKey: [...availabilityQueryKey(companyId), 'one', instructorId],
    queryFn: () =>
      apiRequest<AvailabilityDto>(`availability/${encodeURIComponent(instructorId ?? '')}`, {
        silent: true,
        showLoader: false,
      }),
    enabled: Boolean(companyId && instructorId),
  });
}

export const saveWeeklyAvailability = ({
  instructorId,
  body,
}: {
  instructorId: string;
  body: WeeklyAvailabilityBody;
}) =>
  apiRequest<AvailabilityDto>(`availability/${encodeURIComponent(instructorId)}/weekly`, {
    method: 'PUT',
    body,
    inlineErrors: true,
    // The form says it under Save (as Staff Payrates does): no toast as well.
    silent: true,
  });

export const addAvailabilityException = ({
  instructorId,
  body,
}: {
  instructorId: string;
  body: AvailabilityExceptionBody;
}) =>
  apiRequest<AvailabilityExceptionDto>(`availability/${encodeURIComponent(instructorId)}/exceptions`, {
    method: 'POST',
    body,
    inlineErrors: true,
    silent: true,
  });

export const deleteAvailabilityException = ({
  instructorId,
  exceptionId,
}: {
  instructorId: string;
  exceptionId: string;
}) =>
  apiRequest<unknown>(
    `availability/${encodeURIComponent(instructorId)}/exceptions/${encodeURIComponent(exceptionId)}`,
    { method: 'DELETE', silent: true },
  );

function useAvailabilityMutation<T, R>(companyId: string, run: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityQueryKey(companyId) }),
  });
}

export const useSaveWeeklyAvailability = (companyId: string) =>
  useAvailabilityMutation(companyId, saveWeeklyAvailability);
export const useAddAvailabilityException = (companyId: string) =>
  useAvailabilityMutation(companyId, addAvailabilityException);
export const useDeleteAvailabilityException = (companyId: string) =>
  useAvailabilityMutation(companyId, deleteAvailabilityException);
