/** The product version shown in the menu and answered by GET /version (spec 1 §9). */
export const APP_VERSION = '6.0.0';
