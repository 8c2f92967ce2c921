/** Two-letter codes of the territories: a county FIPS code's state that is neither one of the 50 states nor DC. */
export const TERRITORIES: ReadonlySet<string> = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'UM']);
