import { instructors } from '../../db/schema/index.ts';
import { peopleRoutes } from '../people/people.routes.ts';
import { asPeopleTable } from '../people/people.repo.ts';

export const instructorsRoutes = peopleRoutes({
  kind: 'instructor',
  table: asPeopleTable(instructors),
  path: 'instructors',
  idParam: 'instructorId',
  label: 'Instructor',
  plural: 'Instructors',
});
