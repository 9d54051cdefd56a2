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
