/**
 * Money on the public pages: plan prices are monthly BRL amounts (spec 2 §9, shared/plans.ts `value`);
 * paying a year ahead takes 15% off (spec 2 §2 Landing). Amounts are worked in whole cents so that
 * 15% of R$ 99 is R$ 84,15 and not a float a cent away.
 */
import { LANGUAGE_TAGS, type Language } from '../i18n/language';

export const ANNUAL_DISCOUNT_PERCENT = 15;

export type Billing = 'monthly' | 'annual';

const toCents = (reais: number): number => Math.round(reais * 100);

/** The monthly price when billed annually: the monthly price less the annual discount, to the cent. */
export function annualMonthlyPrice(monthly: number): number {
  return Math.round((toCents(monthly) * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100) / 100;
}

/** What a year costs when paid annually: twelve discounted months. */
export function annualTotal(monthly: number): number {
  return (Math.round((toCents(monthly) * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100) * 12) / 100;
}

/** The monthly price a plan card shows for the chosen billing. */
export function priceFor(monthly: number, billing: Billing): number {
  return billing === 'annual' ? annualMonthlyPrice(monthly) : monthly;
}

/**
 * An amount in Brazilian reais in the reader's language (spec 3 §9: currency shown as real). Whole
 * amounts drop the cents, as price lists write them (R$ 1.490); others keep both digits (R$ 84,15).
 */
export function formatBrl(amount: number, language: Language): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
