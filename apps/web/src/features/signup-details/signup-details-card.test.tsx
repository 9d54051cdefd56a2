import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { SignupDetailsCard } from './signup-details-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT_ID = 'cccccccccccccccccccccccc';
const nothing = { heardAbout: null, planningUnit: null, age: null, raceEthnicity: null, industry: null, incomeBandTo200k: null, incomeBandTo120k: null };

function open(details: object) {
  stubFetch((call) => (call.path === `clients/${CLIENT_ID}/signup-details` ? ok(details) : noStub(call)));
  renderRoutes([{ path: '/', element: <SignupDetailsCard companyId={account.company.id} clientId={CLIENT_ID} /> }], '/');
}

describe("the team's sign-up details card", () => {
  it('shows every answer by its label, never its key, and the marketing consent', async () => {
    open({
      id: CLIENT_ID,
      clientId: CLIENT_ID,
      birthDate: '1988-04-02',
      address: { line1: '12 Auburn Ave', line2: null, city: 'Atlanta', state: 'GA', postalCode: null, country: null },
      emergencyContactName: 'Sam Client',
      emergencyContactPhone: '(404) 555-9876',
      heardAbout: 'friend',
      heardAboutDetail: 'Dana',
      neighborhood: 'Old Fourth Ward',
      planningUnit: 'M',
      age: '45-54',
      raceEthnicity: 'prefer_not_to_respond',
      industry: 'professionalNBusinessService',
      incomeBandTo200k: null,
      incomeBandTo120k: 'between910000-120000',
      homeStudioId: 'dddddddddddddddddddddddd',
      homeStudioName: 'Midtown',
      marketingEmails: true,
      labels: {
        heardAbout: 'A friend or family member',
        planningUnit: 'NPU M',
        age: '45–54',
        raceEthnicity: 'Prefer not to respond',
        industry: 'Professional & business services',
        incomeBandTo200k: null,
        incomeBandTo120k: '$91,000 – $120,000',
      },
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    expect(await screen.findByText('2 April 1988')).toBeTruthy();
    for (const shown of [
      '12 Auburn Ave, Atlanta, GA',
      'Sam Client · (404) 555-9876',
      'A friend or family member: Dana',
      'Midtown',
      '45–54',
      'Prefer not to respond',
      'Professional & business services',
      '$91,000 – $120,000',
      'Old Fourth Ward · NPU M',
    ])
      expect(screen.getByText(shown)).toBeTruthy();
    expect(screen.queryByText(/between910000|professionalNBusinessService|prefer_not_to_respond/)).toBeNull();
    expect(screen.queryByText('Household income')).toBeNull();
    expect(screen.getByText('Yes')).toBeTruthy();
  });

  it('says when the client has told nothing yet', async () => {
    open({
      id: null,
      clientId: CLIENT_ID,
      birthDate: null,
      address: { line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
      emergencyContactName: null,
      emergencyContactPhone: null,
      heardAboutDetail: null,
      neighborhood: null,
      ...nothing,
      homeStudioId: null,
      homeStudioName: null,
      marketingEmails: false,
      labels: nothing,
      updatedAt: null,
    });
    expect(await screen.findByText('No sign-up details yet.')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
  });
});
