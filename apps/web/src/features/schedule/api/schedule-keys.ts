/** Every schedule query starts here, so a create, edit, cancel or substitute refreshes them together. */
export const scheduleQueryKey = (companyId: string) => [companyId, 'schedule'] as const;
