import {
  packageBody,
  type MembershipPeriod,
  type PackageBody,
  type PackageDto,
  type PackExpiryFrom,
  type PackageKind,
} from '@kinetic/shared';
import { majorToMinor, minorToMajor } from '../class-templates/money.ts';

/** The form edits text and major units; the server takes minor units of the company currency. */
export interface PackageFormValues {
  kind: PackageKind;
  name: string;
  description: string;
  price: number | string;
  taxRateId: string | null;
  introOffer: boolean;
  offPeakOnly: boolean;
  templateIds: string[];
  studioIds: string[];
  period: MembershipPeriod;
  /** Empty = unlimited. */
  classLimit: number | string;
  autoRenew: boolean;
  commitmentPeriods: number | string;
  signupFee: number | string;
  credits: number | string;
  /** Empty = never. */
  expiryDays: number | string;
  expiryFrom: PackExpiryFrom;
}

const money = (minor: number, currency: string) => (minor === 0 ? '' : minorToMajor(minor, currency));

/** A new package starts as the common one of its kind; a saved one (or the one copied) shows its terms. */
export function toPackageFormValues(
  kind: PackageKind,
  saved: PackageDto | undefined,
  currency: string,
  copy = false,
): PackageFormValues {
  if (!saved)
    return {
      kind,
      name: '',
      description: '',
      price: '',
      taxRateId: null,
      introOffer: false,
      offPeakOnly: false,
      templateIds: [],
      studioIds: [],
      period: 'month',
      classLimit: '',
      autoRenew: true,
      commitmentPeriods: '',
      signupFee: '',
      credits: 10,
      expiryDays: 90,
      expiryFrom: 'purchase',
    };
  return {
    kind: saved.kind,
    name: copy ? `${saved.name} (copy)`.slice(0, 120) : saved.name,
    description: saved.description ?? '',
    price: money(saved.price, currency),
    taxRateId: saved.taxRateId,
    introOffer: saved.introOffer,
    offPeakOnly: saved.offPeakOnly,
    templateIds: [...saved.templateIds],
    studioIds: [...saved.studioIds],
    period: saved.period ?? 'month',
    classLimit: saved.classLimit ?? '',
    autoRenew: saved.autoRenew,
    commitmentPeriods: saved.commitmentPeriods === 0 ? '' : saved.commitmentPeriods,
    signupFee: money(saved.signupFee, currency),
    credits: saved.credits ?? 10,
    expiryDays: saved.expiryDays ?? '',
    expiryFrom: saved.expiryFrom ?? 'purchase',
  };
}

/** An empty optional number is sent as null ("unlimited", "never", "none"). */
const orNull = (value: number | string) => (value === '' ? null : value);

/** What `POST` / `PUT /api/packages` take; the contract trims and validates it again. */
export function toPackageBody(values: PackageFormValues, currency: string): PackageBody {
  const common = {
    name: values.name,
    description: values.description,
    price: majorToMinor(values.price, currency) as number,
    taxRateId: values.taxRateId || null,
    introOffer: values.introOffer,
    offPeakOnly: values.offPeakOnly,
    templateIds: values.templateIds,
    studioIds: values.studioIds,
  };
  if (values.kind === 'membership')
    return {
      kind: 'membership',
      ...common,
      period: values.period,
      classLimit: orNull(values.classLimit) as number,
      autoRenew: values.autoRenew,
      commitmentPeriods: orNull(values.commitmentPeriods) as number,
      signupFee: orNull(majorToMinor(values.signupFee, currency)) as number,
    } as PackageBody;
  return {
    kind: 'class-pack',
    ...common,
    credits: values.credits as number,
    expiryDays: orNull(values.expiryDays) as number,
    expiryFrom: values.expiryFrom,
  } as PackageBody;
}

/** Checks the body the server will get, with the contract's own messages, at the form's fields. */
export function validatePackageForm(values: PackageFormValues, currency: string): Record<string, string> {
  const parsed = packageBody.safeParse(toPackageBody(values, currency));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
