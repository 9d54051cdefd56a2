import type { SignupDetailsBody, SignupDetailsDto } from '@kinetic/shared';

/** The form's values: text fields as strings ('' = not answered), list answers as a key or null. */
export interface SignupDetailsFormValues {
  birthDate: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  emergencyContactName: string;
  emergencyContactPhone: string;
  heardAbout: string | null;
  heardAboutDetail: string;
  neighborhood: string;
  planningUnit: string | null;
  age: string | null;
  raceEthnicity: string | null;
  industry: string | null;
  incomeBandTo200k: string | null;
  incomeBandTo120k: string | null;
  marketingEmails: boolean;
}

export function formValuesOf(details: SignupDetailsDto): SignupDetailsFormValues {
  const { address } = details;
  return {
    birthDate: details.birthDate ?? '',
    address: {
      line1: address.line1 ?? '',
      line2: address.line2 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      postalCode: address.postalCode ?? '',
      country: address.country ?? '',
    },
    emergencyContactName: details.emergencyContactName ?? '',
    emergencyContactPhone: details.emergencyContactPhone ?? '',
    heardAbout: details.heardAbout,
    heardAboutDetail: details.heardAboutDetail ?? '',
    neighborhood: details.neighborhood ?? '',
    planningUnit: details.planningUnit,
    age: details.age,
    raceEthnicity: details.raceEthnicity,
    industry: details.industry,
    incomeBandTo200k: details.incomeBandTo200k,
    incomeBandTo120k: details.incomeBandTo120k,
    marketingEmails: details.marketingEmails,
  };
}

/** The shared body schema checks the keys and turns '' into null (the home studio is left as it is). */
export const bodyOf = (values: SignupDetailsFormValues): SignupDetailsBody => values as SignupDetailsBody;
