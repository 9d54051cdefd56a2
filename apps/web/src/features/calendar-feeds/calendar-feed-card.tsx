/** "Add my classes to my calendar": the private iCal feed address (issue 16). Filled in by its feature. */
export function CalendarFeedCard() {
  return null;
}
