/**
 * The dashboard's period options and range limit (spec 2 §9), apart from the schemas of
 * shared/dashboard.ts so the web page reads them without carrying zod into its chunk.
 */

/** The period options of the dashboard's select (spec 2 §9); 0 means "no period", use the dates. */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The longest range one request covers (one small read per day). */
export const DASHBOARD_MAX_DAYS = 366;
