import {
  defaultCan,
  type AccountDto,
  type BookingDto,
  type ClassInstanceDetailsDto,
  type MyBookingDto,
  type RosterEntryDto,
  type ClassTemplateDto,
  type FitnessSessionDto,
  type PersonDto,
  type StudioDto,
} from '@kinetic/shared';

export const COMPANY_ID = '0123456789abcdef01234567';
export const TEMPLATE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const STUDIO_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
export const ROOM_ID = 'cccccccccccccccccccccccc';
export const INSTRUCTOR_ID = 'dddddddddddddddddddddddd';
export const SUBSTITUTE_ID = 'eeeeeeeeeeeeeeeeeeeeeeee';
export const SERIES_ID = 'ffffffffffffffffffffffff';
export const CLASS_ID = '111111111111111111111111';

export const account: AccountDto = {
  user: { id: COMPANY_ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: {
    id: COMPANY_ID,
    slug: 'acme',
    name: 'Acme Yoga',
    kind: 'company',
    logoUrl: null,
    locale: 'en-US',
  },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

const stamp = '2026-01-01T00:00:00.000Z';

export const template: ClassTemplateDto = {
  id: TEMPLATE_ID,
  name: 'Evening Flow',
  description: null,
  durationMinutes: 60,
  defaultCapacity: 15,
  dropInPrice: 2000,
  currency: 'USD',
  colour: '#4860cf',
  image: null,
  imageUrl: null,
  tags: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

export const studio: StudioDto = {
  id: STUDIO_ID,
  name: 'Midtown',
  address: {
    line1: '1 Main St',
    line2: null,
    city: 'New York',
    state: 'NY',
    postalCode: null,
    country: null,
  },
  phone: null,
  email: null,
  timeZone: 'America/New_York',
  openingHours: {},
  amenities: [],
  rooms: [{ id: ROOM_ID, name: 'Studio A', capacity: 20 }],
  createdAt: stamp,
  updatedAt: stamp,
};

const person = (id: string, name: string): PersonDto => ({
  id,
  name,
  email: null,
  phone: null,
  bio: null,
  photo: null,
  photoUrl: null,
  active: true,
  login: 'none',
  createdAt: stamp,
  updatedAt: stamp,
});
export const instructors = [
  person(INSTRUCTOR_ID, 'Ines Instructor'),
  person(SUBSTITUTE_ID, 'Sam Substitute'),
];

export const series: FitnessSessionDto = {
  id: SERIES_ID,
  templateId: TEMPLATE_ID,
  studioId: STUDIO_ID,
  roomId: ROOM_ID,
  instructorId: INSTRUCTOR_ID,
  assistantId: null,
  capacity: 15,
  dropInPrice: 2000,
  ruleOverrides: null,
  schedule: {
    kind: 'weekly',
    weekdays: ['tuesday'],
    everyWeeks: 1,
    startDate: '2030-01-01',
    endDate: null,
    count: 10,
  },
  startTime: '18:00',
  durationMinutes: 60,
  allowRoomOverlap: false,
  notes: null,
  timeZone: 'America/New_York',
  generatedUntil: '2030-03-01',
  createdAt: stamp,
  updatedAt: stamp,
};

/** Tuesday 8 January 2030, 18:00 in New York (23:00 UTC). */
export const details: ClassInstanceDetailsDto = {
  id: CLASS_ID,
  fitnessSessionId: SERIES_ID,
  templateId: TEMPLATE_ID,
  templateName: 'Evening Flow',
  colour: '#4860cf',
  studioId: STUDIO_ID,
  studioName: 'Midtown',
  roomId: ROOM_ID,
  roomName: 'Studio A',
  instructorId: INSTRUCTOR_ID,
  instructorName: 'Ines Instructor',
  assistantId: null,
  assistantName: null,
  startsAt: '2030-01-08T23:00:00.000Z',
  endsAt: '2030-01-09T00:00:00.000Z',
  timeZone: 'America/New_York',
  capacity: 15,
  bookedCount: 0,
  waitlistCount: 0,
  status: 'scheduled',
  notes: null,
  description: 'A slow flow.',
  dropInPrice: 2000,
  currency: 'USD',
  rules: {
    bookingOpensDaysBefore: 14,
    bookingClosesMinutesBefore: 0,
    freeCancellationHoursBefore: 12,
    lateCancelFee: 0,
    noShowFee: 0,
    waitlistEnabled: true,
    waitlistMode: 'auto',
    offerHoldMinutes: 30,
    waitlistCutoffMinutesBefore: 0,
    maxWaitlistLength: null,
    checkInOpensMinutesBefore: 30,
  },
  series: { schedule: series.schedule, startTime: '18:00', durationMinutes: 60 },
};

const ok = (data: unknown) => ({ body: { status: 1, data } });

/** The answers every schedule page reads: the account and the pickers. */
export const choiceAnswers = {
  me: ok(account),
  'class-templates?status=active&pageSize=100': ok({ items: [template], total: 1 }),
  'studios?pageSize=100': ok({ items: [studio], total: 1 }),
  'instructors?status=all&pageSize=100': ok({ items: instructors, total: 2 }),
};
export { ok };

// ---- bookings

export const BOOKING_IDS = {
  ava: '222222222222222222222222',
  ben: '333333333333333333333333',
  cleo: '444444444444444444444444',
  dan: '555555555555555555555555',
  eve: '666666666666666666666666',
} as const;

const booking = (
  key: keyof typeof BOOKING_IDS,
  clientName: string,
  status: BookingDto['status'],
  extra: Partial<RosterEntryDto> = {},
): RosterEntryDto => ({
  id: BOOKING_IDS[key],
  classInstanceId: CLASS_ID,
  clientId: BOOKING_IDS[key].replace(/^./, '9'),
  clientName,
  clientEmail: `${key}@example.com`,
  clientPhone: null,
  status,
  waitlistPosition: null,
  offerExpiresAt: null,
  paidWith: 'drop-in',
  cancelledBy: null,
  fee: null,
  createdAt: stamp,
  updatedAt: stamp,
  ...extra,
});

/** A full class of two places: one booked, one checked in; two waiting; one late cancellation with a fee due. */
export const roster: RosterEntryDto[] = [
  booking('ava', 'Ava Adams', 'booked', { clientPhone: '(555) 123-4567' }),
  booking('ben', 'Ben Brown', 'checked_in'),
  booking('cleo', 'Cleo Clark', 'waitlisted', { waitlistPosition: 1 }),
  booking('dan', 'Dan Diaz', 'waitlisted', { waitlistPosition: 2 }),
  booking('eve', 'Eve Evans', 'late_cancelled', {
    cancelledBy: 'client',
    fee: { kind: 'late_cancel', amount: 1000, currency: 'USD', status: 'due' },
  }),
];

/** An event's date as the class reads answer it: no series, template or instructor; its event's title and place. */
export const eventDateDetails: ClassInstanceDetailsDto = {
  ...details,
  id: '333333333333333333333333',
  fitnessSessionId: '',
  templateId: '',
  templateName: 'Pottery Workshop',
  roomId: null,
  roomName: null,
  instructorId: '',
  instructorName: 'Ana Ruiz',
  eventId: '222222222222222222222222',
  address: '22 Mill Lane, Decatur',
  dropInPrice: 4500,
  series: null,
};

export const fullDetails: ClassInstanceDetailsDto = {
  ...details,
  capacity: 2,
  bookedCount: 2,
  waitlistCount: 2,
};

/** The signed-in client's own booking of the class, as `GET /api/my/bookings` answers it. */
export const myBooking = (status: BookingDto['status'], extra: Partial<MyBookingDto> = {}): MyBookingDto => {
  const { clientEmail: _email, clientPhone: _phone, ...own } = booking('ava', 'Ava Adams', status);
  return { ...own, classInstance: details, payment: { packageName: null, dropIn: null }, ...extra };
};

export const clientAccount: AccountDto = {
  user: {
    id: '999999999999999999999999',
    name: 'Ava Adams',
    email: 'ava@example.com',
    phone: null,
    roleId: 'client',
  },
  company: account.company,
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('client'),
};

export const instructorAccount: AccountDto = {
  ...account,
  user: { ...account.user, roleId: 'instructor' },
  can: defaultCan('instructor'),
};
