import { Navigate, useParams } from 'react-router';
import { isObjectId } from '@kinetic/shared';

/**
 * `{widgetStudioId}/calendar` (spec §2): the client's calendar opened on that studio, through the
 * timetable's own studio filter in the address. A studio id that is not one shows the whole calendar.
 */
export function WidgetCalendarRedirect() {
  const { widgetStudioId } = useParams();
  const search = isObjectId(widgetStudioId) ? `?studioId=${widgetStudioId}` : '';
  return <Navigate to={`../..${search}`} relative="path" replace />;
}
