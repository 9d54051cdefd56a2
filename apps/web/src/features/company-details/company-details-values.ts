import { CURRENCIES, type CompanyDetailsBody, type CompanyDetailsDto } from '@kinetic/shared';

export type CompanyDetailsValues = {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  timeZone: string;
  currency: CompanyDetailsBody['currency'];
  logo: string | null;
};

const text = (value: string | null) => value ?? '';

/** The form edits text; the server turns empty text back into "not set". */
export function toFormValues(details: CompanyDetailsDto): CompanyDetailsValues {
  const { address } = details;
  return {
    name: details.name,
    email: text(details.email),
    phone: text(details.phone),
    address: {
      line1: text(address.line1),
      line2: text(address.line2),
      city: text(address.city),
      state: text(address.state),
      postalCode: text(address.postalCode),
      country: text(address.country),
    },
    timeZone: details.timeZone,
    currency: (CURRENCIES as readonly string[]).includes(details.currency)
      ? (details.currency as CompanyDetailsValues['currency'])
      : 'USD',
    logo: details.logo,
  };
}

export function currencyOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return CURRENCIES.map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}
