import { facilitators } from '../../db/schema/index.ts';
import { peopleRoutes } from '../people/people.routes.ts';
import { asPeopleTable } from '../people/people.repo.ts';

/** Facilitators run events; they have the same fields and rules as instructors, in their own table. */
export const facilitatorsRoutes = peopleRoutes({
  kind: 'facilitator',
  table: asPeopleTable(facilitators),
  path: 'facilitators',
  idParam: 'facilitatorId',
  label: 'Facilitator',
  plural: 'Facilitators',
});
