import type { RunningKinetic } from './start-kinetic.ts';

/** A business signed up through the API for a benchmark's set-up, and a POST that expects 201. */
export async function benchCompany(
  app: RunningKinetic['app'],
  company: { slug: string; companyName: string; email: string },
) {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/signup/company',
    payload: {
      kind: 'company',
      companyName: company.companyName,
      slug: company.slug,
      name: 'Bea Bench',
      email: company.email,
      password: 'bench-password-1',
      timeZone: 'America/New_York',
    },
  });
  if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.body}`);
  const data = signup.json().data;
  const headers = { authorization: `Bearer ${data.token}` };
  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers, payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json().data;
  };
  return {
    companyId: data.company.id as string,
    ownerId: data.user._id as string,
    token: data.token as string,
    headers,
    post,
  };
}

/** Midtown (one room of 30) and a 45-minute Power Yoga template, made through the API. */
export async function benchStudioAndTemplate(
  post: (url: string, payload: object) => Promise<{ id: string }>,
) {
  const studio = await post('/api/studios', {
    name: 'Midtown',
    address: { line1: '1 Bench St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
    phone: '',
    email: '',
    timeZone: '',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Studio A', capacity: 30 }],
  });
  const template = await post('/api/class-templates', {
    name: 'Power Yoga',
    description: null,
    durationMinutes: 45,
    defaultCapacity: 20,
    dropInPrice: 2000,
    colour: '#4860CF',
    image: null,
    tags: [],
  });
  return { studio, template };
}

/**
 * An instructor and a one-off series (1 Jan 2026, 05:00) at the studio: the rows a bench's generated
 * classes (generate_series) hang from.
 */
export async function benchInstructorAndSeries(
  post: (url: string, payload: object) => Promise<{ id: string }>,
  { studio, template }: { studio: { id: string }; template: { id: string } },
  instructorName: string,
) {
  const instructor = await post('/api/instructors', {
    name: instructorName,
    email: null,
    phone: null,
    bio: null,
    photo: null,
    active: true,
  });
  const series = await post('/api/fitness-sessions', {
    templateId: template.id,
    studioId: studio.id,
    roomId: null,
    instructorId: instructor.id,
    startTime: '05:00',
    durationMinutes: 45,
    schedule: { kind: 'once', date: '2026-01-01' },
  });
  return { instructor, series };
}
