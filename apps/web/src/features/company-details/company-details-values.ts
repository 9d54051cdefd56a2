import { CURRENCIES, DEFAULT_LOCALE, formatMoney, LOCALES, type CompanyDetailsBody, type CompanyDetailsDto } from '@kinetic/shared';

export type CompanyDetailsValues = {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  timeZone: string;
  currency: CompanyDetailsBody['currency'];
  locale: NonNullable<CompanyDetailsBody['locale']>;
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
    locale: (LOCALES as readonly string[]).includes(details.locale)
      ? (details.locale as CompanyDetailsValues['locale'])
      : DEFAULT_LOCALE,
    logo: details.logo,
  };
}

export function currencyOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return CURRENCIES.map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

/** "English (United Kingdom) — £1,234.50": each locale with a price written its way, in the chosen currency. */
export function localeOptions(currency: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  return LOCALES.map((locale) => ({
    value: locale,
    label: `${names.of(locale) ?? locale} — ${formatMoney(123450, currency, locale)}`,
  }));
}
